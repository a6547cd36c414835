-- The audit trail of an existing customer's application (renovación, extra efectivo, compra de
-- deuda, contigo): the offer it was opened with, every change of its state or data made by a
-- call, and the credit its signature opened or paid off. Who acted: the holder (the browser
-- session that opened it or followed its link) or a promoter (entity and user). Rows are only
-- ever added.
CREATE TABLE customer_offer_events (
  id bigserial PRIMARY KEY,
  prospect_id bigint NOT NULL REFERENCES lde_prospects (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  actor text NOT NULL CHECK (actor IN ('titular', 'promotor', 'servicio')),
  -- the holder's browser session (titular), or the promoter's entity and user (promotor)
  sesion text,
  codigo_entidad integer,
  codigo_usuario text,
  -- 'oferta' (opened), the registry id of the call that changed it, or 'credito'
  evento text NOT NULL,
  -- what changed: { estado: { de, a } }, { datos: { key: value… } }, the offer's figures, the credits
  detalle jsonb NOT NULL
);
CREATE INDEX customer_offer_events_prospect ON customer_offer_events (prospect_id, id);
