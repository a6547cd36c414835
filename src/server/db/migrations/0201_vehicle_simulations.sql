-- Credit simulations of vehicle and consumer applications: the figures the letters print.
CREATE TABLE IF NOT EXISTS vehicle_simulations (
  id             BIGSERIAL PRIMARY KEY,
  prospect_id    BIGINT        NOT NULL REFERENCES vehicle_prospects (id) ON DELETE CASCADE,
  amount         NUMERIC(14,2) NOT NULL,
  down_payment   NUMERIC(14,2) NOT NULL DEFAULT 0,
  tea            NUMERIC(10,6) NOT NULL,
  tea_previous   NUMERIC(10,6),
  months         INTEGER       NOT NULL,
  instalment     NUMERIC(14,2) NOT NULL,
  tcea           NUMERIC(10,6) NOT NULL,
  schedule       JSONB         NOT NULL,
  -- true once the applicant confirms it (registrar/simulacion)
  registered     BOOLEAN       NOT NULL DEFAULT false,
  created_at     TIMESTAMPTZ   NOT NULL
);
CREATE INDEX IF NOT EXISTS vehicle_simulations_prospect_idx ON vehicle_simulations (prospect_id, id DESC);
