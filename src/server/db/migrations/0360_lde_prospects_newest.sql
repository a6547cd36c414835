-- A prospect's id is drawn at random (it is handed to the applicant and must not be guessed),
-- so "the newest application of a document" is the one created last, not the largest id.
-- This index serves that lookup (and the newest signed or active one per product).
CREATE INDEX IF NOT EXISTS lde_prospects_documento_created ON lde_prospects (documento, producto, created_at DESC, id DESC);
