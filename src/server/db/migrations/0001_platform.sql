-- The platform's tables: promoters and their sessions, login throttling, idempotent replays,
-- the SMS outbox, the sandbox clock, socket results awaiting their applicant, and settings.

CREATE TABLE promoters (
  usuario text PRIMARY KEY,
  -- scrypt over the MD5 the client sends (the MD5 is the password by contract).
  password_hash text NOT NULL,
  codigo_entidad integer NOT NULL,
  codigo_usuario text NOT NULL,
  nombre_usuario text NOT NULL,
  nombre_usuario_persona text NOT NULL
);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  -- SHA-256 of the cookie secret: a database leak gives no usable session.
  token_hash text NOT NULL UNIQUE,
  usuario text NOT NULL REFERENCES promoters (usuario) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);

CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  usuario text NOT NULL,
  failed_at timestamptz NOT NULL
);
CREATE INDEX login_failures_usuario_at ON login_failures (usuario, failed_at);

CREATE TABLE idempotency (
  key text NOT NULL,
  endpoint text NOT NULL,
  request_hash text NOT NULL,
  -- null while the first request is still being answered.
  status integer,
  content_type text,
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key, endpoint)
);

CREATE TABLE sms_outbox (
  id bigserial PRIMARY KEY,
  celular text NOT NULL,
  texto text NOT NULL,
  token text,
  enlace text,
  enviado_en timestamptz NOT NULL
);
CREATE INDEX sms_outbox_celular ON sms_outbox (celular, id);

CREATE TABLE sandbox_clock (
  id integer PRIMARY KEY CHECK (id = 1),
  offset_ms bigint NOT NULL
);

CREATE TABLE socket_results (
  namespace text NOT NULL,
  room text NOT NULL,
  event text NOT NULL,
  payload jsonb NOT NULL,
  emitted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (namespace, room)
);

CREATE TABLE settings_kv (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);
