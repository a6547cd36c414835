-- The pending policy evaluations, found at every start to be scheduled again (a restart or a
-- crash must not strand an applicant who is being evaluated).
CREATE INDEX lde_evaluations_pending ON lde_evaluations (id) WHERE resultado IS NULL;
