-- Vende más and FAE MYPE are existing-customer products: their applications are instant-credit
-- prospects like renewal's. The check lists every product whose prospect rows exist.
ALTER TABLE lde_prospects DROP CONSTRAINT IF EXISTS lde_prospects_producto_check;
ALTER TABLE lde_prospects ADD CONSTRAINT lde_prospects_producto_check
  CHECK (producto IN ('credinstante', 'celulares', 'renovacion', 'extraefectivo', 'compra-deuda', 'contigo',
                      'libre-disponibilidad', 'ld-bancarizador', 'vendemas', 'faemype'));

-- The business a FAE MYPE application finances: one per application, the RUC (with its check
-- digit verified by the service) and the activity from the economic activities catalogue.
CREATE TABLE customer_businesses (
  prospect_id bigint PRIMARY KEY REFERENCES lde_prospects (id) ON DELETE CASCADE,
  ruc text NOT NULL CHECK (ruc ~ '^(10|15|17|20)[0-9]{9}$'),
  actividad_economica integer NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX customer_businesses_ruc ON customer_businesses (ruc);
