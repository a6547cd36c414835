-- SOAT (mandatory traffic insurance) policies emitted inside the taxi and vehicle flows.
CREATE TABLE IF NOT EXISTS soat_policies (
  id             BIGSERIAL PRIMARY KEY,
  prospect_id    BIGINT      NOT NULL REFERENCES vehicle_prospects (id) ON DELETE CASCADE,
  placa          TEXT        NOT NULL,
  numero_poliza  TEXT        NOT NULL UNIQUE,
  url_emision    TEXT        NOT NULL,
  json_emision   JSONB       NOT NULL,
  created_at     TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS soat_policies_prospect_idx ON soat_policies (prospect_id);
