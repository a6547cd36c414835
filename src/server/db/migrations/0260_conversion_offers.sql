-- The offers of a conversion application (steps 3 to 7 of the conversion flow): one row per
-- offered product, priced with the credit math when the offer is made. Confirming an offer
-- marks it chosen; confirming the data processes every offer in order (product 24 first),
-- registering the chosen one as an expediente and declining the others; contract generation
-- records the documents of each registered offer.
CREATE TABLE IF NOT EXISTS conversion_offers (
  prospect_id        BIGINT      NOT NULL REFERENCES conversion_prospects (id) ON DELETE CASCADE,
  codigo_producto    INTEGER     NOT NULL,
  orden              INTEGER     NOT NULL,
  monto              NUMERIC(12, 2) NOT NULL,
  plazo              INTEGER     NOT NULL,
  tea                NUMERIC(8, 6) NOT NULL,
  cuota              NUMERIC(12, 2) NOT NULL,
  factor_recaudo     NUMERIC(8, 6) NOT NULL,
  -- ofertada, elegida, registrada, declinada
  estado             TEXT        NOT NULL DEFAULT 'ofertada',
  codigo_expediente  TEXT,
  documentos         JSONB,
  created_at         TIMESTAMPTZ NOT NULL,
  updated_at         TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (prospect_id, codigo_producto)
);
