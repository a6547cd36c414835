-- Identity questions, attempts, lockouts and biometric checks of instant-credit prospects.
-- Lockouts bind to the document *and* the verified phone (see handlers/lde-identity.ts).

CREATE TABLE lde_identity_questions (
  prospect_id bigint PRIMARY KEY REFERENCES lde_prospects (id) ON DELETE CASCADE,
  -- [{ id, texto, opciones: [{ id, texto }] }] as served, and the right option per question.
  preguntas jsonb NOT NULL,
  respuestas jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  passed_at timestamptz
);

CREATE TABLE lde_identity_attempts (
  id bigserial PRIMARY KEY,
  prospect_id bigint NOT NULL REFERENCES lde_prospects (id) ON DELETE CASCADE,
  documento text NOT NULL,
  telefono text NOT NULL,
  ok boolean NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX lde_identity_attempts_key ON lde_identity_attempts (documento, telefono, at);

CREATE TABLE lde_lockouts (
  id bigserial PRIMARY KEY,
  documento text NOT NULL,
  telefono text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('24h', '15d')),
  starts_at timestamptz NOT NULL,
  until timestamptz NOT NULL
);
CREATE INDEX lde_lockouts_key ON lde_lockouts (documento, telefono, starts_at);

CREATE TABLE lde_biometric_checks (
  prospect_id bigint PRIMARY KEY REFERENCES lde_prospects (id) ON DELETE CASCADE,
  is_biometric boolean,
  contador integer NOT NULL DEFAULT 0,
  calls integer NOT NULL DEFAULT 0,
  resultado text,
  updated_at timestamptz NOT NULL
);
