-- Approval and pre-approval letters issued to vehicle and consumer applicants. The PDF is
-- rendered from the stored simulation each time it is asked for; this row records the issue.
CREATE TABLE IF NOT EXISTS vehicle_letters (
  id          BIGSERIAL PRIMARY KEY,
  prospect_id BIGINT      NOT NULL REFERENCES vehicle_prospects (id) ON DELETE CASCADE,
  kind        TEXT        NOT NULL,
  sent_to     TEXT,
  created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS vehicle_letters_prospect_idx ON vehicle_letters (prospect_id);

-- Contact requests of rejected applicants (rechazado/intencion-contacto).
CREATE TABLE IF NOT EXISTS vehicle_contact_requests (
  id          BIGSERIAL PRIMARY KEY,
  prospect_id BIGINT      REFERENCES vehicle_prospects (id) ON DELETE CASCADE,
  documento   TEXT        NOT NULL,
  telefono    TEXT,
  created_at  TIMESTAMPTZ NOT NULL
);
