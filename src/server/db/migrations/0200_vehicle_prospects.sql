-- Vehicle, consumer and taxi applications (moto, moto-honda, mototaxi, motofurgon, taxi,
-- seminuevo, consumo, consumo-alfin, quoters). One row per application; the state column
-- holds the spec's vehicle status (0 new, 23 rejected, 25 pre-approved, 26 data updated, …).
CREATE TABLE IF NOT EXISTS vehicle_prospects (
  id              BIGSERIAL PRIMARY KEY,
  family          TEXT        NOT NULL,
  codigo_producto INTEGER     NOT NULL,
  tipo_documento  INTEGER     NOT NULL DEFAULT 1,
  documento       TEXT        NOT NULL,
  placa           TEXT,
  estado          INTEGER     NOT NULL DEFAULT 0,
  -- taxi server steps: the last paso completed (0..3)
  paso            INTEGER     NOT NULL DEFAULT 0,
  codigo_expediente TEXT,
  data            JSONB       NOT NULL DEFAULT '{}'::jsonb,
  created_at      TIMESTAMPTZ NOT NULL,
  updated_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS vehicle_prospects_documento_idx ON vehicle_prospects (documento, family);
CREATE INDEX IF NOT EXISTS vehicle_prospects_placa_idx ON vehicle_prospects (placa);

-- Every state change, so the path of an application can be read back.
CREATE TABLE IF NOT EXISTS vehicle_prospect_events (
  id          BIGSERIAL PRIMARY KEY,
  prospect_id BIGINT      NOT NULL REFERENCES vehicle_prospects (id) ON DELETE CASCADE,
  step        TEXT        NOT NULL,
  estado_from INTEGER     NOT NULL,
  estado_to   INTEGER     NOT NULL,
  at          TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS vehicle_prospect_events_prospect_idx ON vehicle_prospect_events (prospect_id);
