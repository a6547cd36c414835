-- Biometric provider calls per client address and clock hour, over every application
-- (OWASP API4: paid calls limited per person and per address). The per-application allowance
-- alone lets one address open many applications and spend each one's calls.

CREATE TABLE lde_biometric_address_calls (
  address text NOT NULL,
  hour_start timestamptz NOT NULL,
  calls integer NOT NULL,
  PRIMARY KEY (address, hour_start)
);
CREATE INDEX lde_biometric_address_calls_hour ON lde_biometric_address_calls (hour_start);
