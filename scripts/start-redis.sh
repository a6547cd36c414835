#!/bin/sh
# Starts a local Redis for the multi-instance socket suite (the socket.io Redis adapter):
# installs Debian's package when missing (needs root), starts redis-server on 127.0.0.1:6379
# without persistence, and prints the TEST_REDIS_URL to export. Safe to run again: when a
# Redis already answers there it only prints the URL.
#
#   eval "$(sh scripts/start-redis.sh)"   # exports TEST_REDIS_URL
set -eu

PORT=${REDIS_PORT:-6379}
URL="redis://127.0.0.1:$PORT"

say() { echo "$*" >&2; }

ready() {
  [ "$(redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null)" = PONG ]
}

if command -v redis-cli >/dev/null 2>&1 && ready; then
  echo "export TEST_REDIS_URL=$URL"
  exit 0
fi

if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then
    say "Redis no está instalado y se necesita root para instalarlo: ejecute 'sudo apt-get install -y redis-server' y vuelva a correr este script."
    exit 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    say "Redis no está instalado y esta máquina no tiene apt-get: instale redis-server con el gestor de paquetes del sistema."
    exit 1
  fi
  say "Instalando Redis de Debian…"
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi

# A test server: no snapshots or append-only file on disk, listening on loopback only.
redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
  --logfile /tmp/redis-test-$PORT.log >/dev/null

i=0
until ready; do
  i=$((i + 1))
  if [ $i -gt 30 ]; then say "Redis no respondió en 127.0.0.1:$PORT tras 30 s: vea /tmp/redis-test-$PORT.log"; exit 1; fi
  sleep 1
done

echo "export TEST_REDIS_URL=$URL"
