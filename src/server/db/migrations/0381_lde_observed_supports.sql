-- Documents an observed Credinstante applicant sends to correct the observed policies of an
-- evaluation (details "00"), for an analyst to review.
CREATE TABLE IF NOT EXISTS lde_observed_supports (
  id            BIGSERIAL PRIMARY KEY,
  prospect_id   BIGINT      NOT NULL REFERENCES lde_prospects (id) ON DELETE CASCADE,
  evaluation_id BIGINT      NOT NULL REFERENCES lde_evaluations (id) ON DELETE CASCADE,
  slot          TEXT        NOT NULL,
  filename      TEXT        NOT NULL,
  content_type  TEXT        NOT NULL,
  size_bytes    INTEGER     NOT NULL,
  content       BYTEA       NOT NULL,
  created_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS lde_observed_supports_evaluation ON lde_observed_supports (evaluation_id);
