-- Documents the applicant attaches (ID card, property card, SOAT, utility bill, technical review…).
CREATE TABLE IF NOT EXISTS vehicle_uploads (
  id           BIGSERIAL PRIMARY KEY,
  prospect_id  BIGINT      NOT NULL REFERENCES vehicle_prospects (id) ON DELETE CASCADE,
  kind         TEXT        NOT NULL,
  filename     TEXT        NOT NULL,
  content_type TEXT        NOT NULL,
  size_bytes   INTEGER     NOT NULL,
  content      BYTEA       NOT NULL,
  created_at   TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS vehicle_uploads_prospect_idx ON vehicle_uploads (prospect_id, kind);
