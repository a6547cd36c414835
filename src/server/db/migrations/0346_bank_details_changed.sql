-- When the disbursement account of a signed credit was changed on /cambiarcuenta (with the SMS
-- code to the phone on file): the application's lookups show the account, masked, and say so.
ALTER TABLE lde_bank_details ADD COLUMN IF NOT EXISTS cambiada_en timestamptz;
