-- Quotes given by the quoters (/cotizador, /cotizador/taxi, /cotizador/consumo-alfin): one row
-- per quote sent, with the figures of the simulation it was priced from, its validity and
-- the product route its signed link opens. The code is what the applicant and the promoter
-- quote back (COT-…); the PDF at /kong/reporte/cotizacion/2/{id} reads the newest row.
CREATE TABLE IF NOT EXISTS vehicle_quotes (
  id            BIGSERIAL   PRIMARY KEY,
  codigo        TEXT        NOT NULL UNIQUE,
  prospect_id   BIGINT      NOT NULL REFERENCES vehicle_prospects (id),
  simulation_id BIGINT      NOT NULL REFERENCES vehicle_simulations (id),
  route         TEXT        NOT NULL,
  sent_to       TEXT,
  valid_until   DATE        NOT NULL,
  created_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS vehicle_quotes_prospect_idx ON vehicle_quotes (prospect_id);
