-- Identity-question failures and lockouts count per application ('lde:<id>', 'vehicle:<id>'),
-- no longer per (document, phone): failures on one application cannot lock another of the
-- same person. Rows from before keep `application` NULL and no longer count.
ALTER TABLE lde_identity_attempts ADD COLUMN application text;
ALTER TABLE lde_lockouts ADD COLUMN application text;
CREATE INDEX lde_identity_attempts_application ON lde_identity_attempts (application, at);
CREATE INDEX lde_lockouts_application ON lde_lockouts (application, starts_at);
