-- Conversion campaign applications (campanaconversiones, conversion, autoclass: gas
-- conversion of a vehicle). Their status is the conversion status (0 evaluation approved,
-- 2 in process, 14 pre-approved, 18 and 35 offer available, 22 credit activated, others in
-- process), a code table of its own: the rows stay apart from vehicle_prospects, whose calls
-- read `estado` as a vehicle state and would evaluate or price them.
CREATE TABLE IF NOT EXISTS conversion_prospects (
  id              BIGSERIAL PRIMARY KEY,
  codigo_producto INTEGER     NOT NULL DEFAULT 0,
  tipo_documento  INTEGER     NOT NULL DEFAULT 1,
  documento       TEXT        NOT NULL,
  placa           TEXT        NOT NULL,
  estado          INTEGER     NOT NULL DEFAULT 0,
  -- the offered conversion products of the status (18: 19 and 20; 35: 21 and 22)
  productos       INTEGER[]   NOT NULL DEFAULT '{}',
  data            JSONB       NOT NULL DEFAULT '{}'::jsonb,
  created_at      TIMESTAMPTZ NOT NULL,
  updated_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS conversion_prospects_documento_idx ON conversion_prospects (documento);

-- One prospect code names one application whatever its product (see 0205): conversion codes
-- start in a range of their own, below the vehicle codes and far above the instant-credit ones.
ALTER SEQUENCE conversion_prospects_id_seq START WITH 700000001 RESTART WITH 700000001;
