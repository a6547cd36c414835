-- SMS tokens (hash only), contract documents and electronic signatures.

CREATE TABLE lde_tokens (
  id bigserial PRIMARY KEY,
  -- documento|celular|grupo|tipo: a token answers only the request that asked for it.
  purpose text NOT NULL,
  celular text NOT NULL,
  salt text NOT NULL,
  -- SHA-256 over salt + code; the code itself is never stored.
  hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  failed_attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX lde_tokens_purpose ON lde_tokens (purpose, id);
CREATE INDEX lde_tokens_celular ON lde_tokens (celular, created_at);

CREATE TABLE lde_documents (
  id bigserial PRIMARY KEY,
  prospect_id bigint NOT NULL REFERENCES lde_prospects (id) ON DELETE CASCADE,
  grupo text NOT NULL CHECK (grupo IN ('A', 'B', 'C', 'D')),
  tipo text NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (prospect_id, tipo)
);

CREATE TABLE lde_signatures (
  prospect_id bigint PRIMARY KEY REFERENCES lde_prospects (id) ON DELETE CASCADE,
  token_id bigint NOT NULL REFERENCES lde_tokens (id),
  documentos jsonb NOT NULL,
  ip text,
  signed_at timestamptz NOT NULL
);
