#!/bin/sh
# Starts a local PostgreSQL server for the storage suite and the benchmark: installs Debian's
# package when missing (needs root), starts a cluster on 127.0.0.1:5432, creates the `credito`
# user and database, and prints the DATABASE_URL to export. Safe to run again: when the server
# already answers it only prints the URL.
#
#   eval "$(sh scripts/start-postgres.sh)"   # exports DATABASE_URL
set -eu

USER_NAME=credito
PASSWORD=credito
DB_NAME=credito
PORT=5432
URL="postgresql://$USER_NAME:$PASSWORD@127.0.0.1:$PORT/$DB_NAME"

say() { echo "$*" >&2; }

ready() {
  PGPASSWORD=$PASSWORD PGCONNECT_TIMEOUT=3 psql -h 127.0.0.1 -p $PORT -U $USER_NAME -d $DB_NAME -tAqc 'SELECT 1' >/dev/null 2>&1
}

if command -v psql >/dev/null 2>&1 && ready; then
  echo "export DATABASE_URL=$URL"
  exit 0
fi

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -n -u postgres "$@"; fi
}

if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then
    say "PostgreSQL no está instalado y se necesita root para instalarlo: ejecute 'sudo apt-get install -y postgresql' y vuelva a correr este script."
    exit 1
  fi
  say "Instalando PostgreSQL de Debian…"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

VERSION=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | awk '{print $3}' | grep -qx "$PORT"; then
  say "Creando el clúster $VERSION/main en el puerto $PORT…"
  pg_createcluster -p "$PORT" "$VERSION" main >/dev/null
fi
CLUSTER=$(pg_lsclusters -h | awk -v p="$PORT" '$3 == p {print $1 " " $2 " " $4; exit}')
set -- $CLUSTER
if [ "$3" != "online" ]; then
  pg_ctlcluster "$1" "$2" start
fi

# Wait for the server to accept connections (a first start takes a moment).
i=0
until pg_isready -q -h 127.0.0.1 -p "$PORT"; do
  i=$((i + 1))
  if [ $i -gt 30 ]; then say "PostgreSQL no respondió en 127.0.0.1:$PORT tras 30 s: vea /var/log/postgresql/"; exit 1; fi
  sleep 1
done

as_postgres psql -p "$PORT" -qtAc "DO \$\$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '$USER_NAME') THEN
    CREATE ROLE $USER_NAME LOGIN PASSWORD '$PASSWORD' CREATEDB;
  END IF;
END \$\$;" >/dev/null
if [ -z "$(as_postgres psql -p "$PORT" -tAc "SELECT 1 FROM pg_database WHERE datname = '$DB_NAME'")" ]; then
  as_postgres createdb -p "$PORT" -O "$USER_NAME" "$DB_NAME"
fi

if ! ready; then
  say "El servidor está en marcha pero $USER_NAME no puede entrar a $DB_NAME: revise pg_hba.conf (host 127.0.0.1, scram-sha-256)."
  exit 1
fi
echo "export DATABASE_URL=$URL"
