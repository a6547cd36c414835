-- LibreDisponibilidad (LDFISE 60, sowing 61, FR 13, FR sowing 23) and LD-Bancarizador
-- (non-banked 35, moto non-banked 37): existing-customer products whose application is an
-- instant-credit prospect, like the renewal. Their signed credit is activated by the customer
-- (/activacion-ld); LD-Bancarizador is paid out at the office the customer chose.
ALTER TABLE lde_prospects DROP CONSTRAINT IF EXISTS lde_prospects_producto_check;
ALTER TABLE lde_prospects ADD CONSTRAINT lde_prospects_producto_check
  CHECK (producto IN ('credinstante', 'celulares', 'renovacion', 'extraefectivo', 'compra-deuda', 'contigo',
                      'libre-disponibilidad', 'ld-bancarizador'));
