-- Existing customers of the lender and their credits (renewal, extra cash, debt purchase,
-- contigo and the other existing-customer products). A customer is one person by document;
-- a credit is one of their loans, with what a collector would read: the amount lent, the
-- rate and term, the instalments paid through the Factor de Recaudo, the days late and the
-- vehicle whose GNV fills collect it. The balance is never stored: it is what the credit
-- math gives for the instalments paid (src/server/domain/customers/credit-state.ts).
CREATE TABLE customers (
  tipo_documento integer NOT NULL,
  documento text NOT NULL,
  nombres text,
  apellido_paterno text,
  apellido_materno text,
  -- the phone on file: signing codes go here, never to a phone the applicant types
  telefono text NOT NULL,
  email text,
  -- the disbursement account on file (null: the customer has no bank account)
  banco text,
  tipo_cuenta integer,
  numero_cuenta text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tipo_documento, documento)
);

CREATE TABLE customer_credits (
  id bigserial PRIMARY KEY,
  tipo_documento integer NOT NULL,
  documento text NOT NULL,
  codigo_producto integer NOT NULL,
  monto numeric NOT NULL CHECK (monto > 0),
  plazo integer NOT NULL CHECK (plazo > 0),
  tea numeric NOT NULL CHECK (tea >= 0),
  cuotas_pagadas integer NOT NULL CHECK (cuotas_pagadas >= 0),
  dias_atraso integer NOT NULL DEFAULT 0 CHECK (dias_atraso >= 0),
  factor_recaudo numeric NOT NULL,
  placa text,
  -- 'activo' while instalments remain; 'cancelado' once a renewal or extra cash paid it off
  estado text NOT NULL DEFAULT 'activo' CHECK (estado IN ('activo', 'cancelado')),
  desembolsado_en date NOT NULL,
  created_at timestamptz NOT NULL,
  FOREIGN KEY (tipo_documento, documento) REFERENCES customers (tipo_documento, documento) ON DELETE CASCADE
);
CREATE INDEX customer_credits_customer ON customer_credits (documento, tipo_documento, estado);

-- The application of an existing-customer product is an instant-credit prospect (it shares
-- identity questions, contracts, biometrics and the signature): its product names the offer.
ALTER TABLE lde_prospects DROP CONSTRAINT IF EXISTS lde_prospects_producto_check;
ALTER TABLE lde_prospects ADD CONSTRAINT lde_prospects_producto_check
  CHECK (producto IN ('credinstante', 'celulares', 'renovacion', 'extraefectivo', 'compra-deuda', 'contigo'));

-- The offer an application was made: computed once from the customer's credit when the
-- application opened, kept so every later step (simulator, documents, signature) reads the
-- same figures, and what the applicant declared (the other institution's debt).
CREATE TABLE customer_offers (
  prospect_id bigint PRIMARY KEY REFERENCES lde_prospects (id) ON DELETE CASCADE,
  credit_id bigint REFERENCES customer_credits (id),
  producto text NOT NULL,
  -- balance of the credit the new one pays off (renewal, extra cash); 0 for debt purchase
  saldo_cancelado numeric NOT NULL,
  -- debt purchase: the other institution (bank code) and the debt it is paid
  entidad_deuda text,
  monto_deuda numeric,
  monto_minimo numeric NOT NULL,
  monto_maximo numeric NOT NULL,
  cuota_maxima numeric NOT NULL,
  created_at timestamptz NOT NULL
);
