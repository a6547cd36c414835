-- Instant-credit applications (credinstante, celulares): the prospect and its policy
-- evaluation, simulations, offers, bank details. Amounts in soles as numeric; rates as
-- fractions (0.99 = 99%).

CREATE TABLE lde_prospects (
  id bigserial PRIMARY KEY,
  producto text NOT NULL CHECK (producto IN ('credinstante', 'celulares')),
  codigo_producto integer NOT NULL,
  tipo_documento integer NOT NULL,
  documento text NOT NULL,
  telefono text NOT NULL,
  placa text,
  email text,
  -- Lead prospect state (spec 000 §4): 0 eligible, 1 no offer, 2 in process, 4 offer ready,
  -- 10 signed, 11 active, 12 withdrawn/no offer, -5 hold, -6 office closed.
  estado integer NOT NULL,
  canal integer NOT NULL,
  origen integer,
  codigo_entidad integer NOT NULL,
  codigo_usuario text,
  terms boolean NOT NULL,
  nombres text,
  apellido_paterno text,
  apellido_materno text,
  fecha_nacimiento text,
  datos jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX lde_prospects_documento ON lde_prospects (documento, producto, id);

CREATE TABLE lde_evaluations (
  id bigserial PRIMARY KEY,
  prospect_id bigint NOT NULL REFERENCES lde_prospects (id) ON DELETE CASCADE,
  -- null while pending (and forever for the never-answering scenario).
  resultado integer,
  detalle text,
  motivos jsonb NOT NULL DEFAULT '[]'::jsonb,
  requested_at timestamptz NOT NULL,
  answered_at timestamptz
);
CREATE INDEX lde_evaluations_prospect ON lde_evaluations (prospect_id);

CREATE TABLE lde_simulations (
  id bigserial PRIMARY KEY,
  prospect_id bigint NOT NULL REFERENCES lde_prospects (id) ON DELETE CASCADE,
  monto numeric NOT NULL,
  plazo integer NOT NULL,
  tea numeric NOT NULL,
  desgravamen_mensual numeric NOT NULL,
  cuota numeric NOT NULL,
  tcea numeric NOT NULL,
  total_interes numeric NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX lde_simulations_prospect ON lde_simulations (prospect_id);

CREATE TABLE lde_offers (
  id bigserial PRIMARY KEY,
  prospect_id bigint NOT NULL REFERENCES lde_prospects (id) ON DELETE CASCADE,
  simulation_id bigint NOT NULL REFERENCES lde_simulations (id) ON DELETE CASCADE,
  chosen_at timestamptz NOT NULL,
  confirmed_at timestamptz
);
CREATE UNIQUE INDEX lde_offers_prospect ON lde_offers (prospect_id);

CREATE TABLE lde_bank_details (
  prospect_id bigint PRIMARY KEY REFERENCES lde_prospects (id) ON DELETE CASCADE,
  tipo_desembolso integer NOT NULL,
  tipo_cuenta integer,
  entidad_bancaria text,
  numero_cuenta text,
  cci text,
  saved_at timestamptz NOT NULL
);
