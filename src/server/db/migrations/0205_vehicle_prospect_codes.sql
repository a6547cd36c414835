-- One prospect code names one application whatever its product, as the lender's single
-- prospect table does upstream: the identity, contract and signature calls receive only the
-- code, and serve motorcycle and instant-credit applications alike. Vehicle codes therefore
-- start far above any instant-credit code the sandbox issues (a reset restarts them here too).
ALTER SEQUENCE vehicle_prospects_id_seq START WITH 900000001 RESTART WITH 900000001;
