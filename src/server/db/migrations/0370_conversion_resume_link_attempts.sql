-- The conversion resume link is marked sent only once the SMS provider has taken it: a failed
-- send keeps it due, retried with a growing wait. `enlace_intentos` counts the failed sends
-- (the wait doubles with each), so the back-off survives a restart as the due time does.
ALTER TABLE conversion_prospects ADD COLUMN IF NOT EXISTS enlace_intentos integer NOT NULL DEFAULT 0;
