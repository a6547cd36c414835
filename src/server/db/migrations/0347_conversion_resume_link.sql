-- The conversion resume link is texted when the applicant leaves: when the application has
-- been left untouched for the idle time (CONVERSION_RESUME_LINK_IDLE_MS) at a status the link
-- resumes (0 offer form, 18 and 35 offers). `enlace_programado_en` is when it is next due (the
-- schedule survives a restart: the service schedules every due link again at start);
-- `enlace_enviado_en` says it was sent, once.
ALTER TABLE conversion_prospects ADD COLUMN IF NOT EXISTS enlace_programado_en timestamptz;
ALTER TABLE conversion_prospects ADD COLUMN IF NOT EXISTS enlace_enviado_en timestamptz;
CREATE INDEX IF NOT EXISTS conversion_prospects_enlace_idx ON conversion_prospects (enlace_programado_en)
  WHERE enlace_enviado_en IS NULL;
