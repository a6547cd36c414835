-- Procuradores (spec 000 §3 "Promoter session": usuProcurador; §6: "A 'procurador' user-name
-- lookup exists"): the attorneys-in-fact of a partner entity, known by user name. Each promoter
-- names their procurador by that user name; the lookup answers who it is, within the entity.

CREATE TABLE procuradores (
  nombre_usuario text PRIMARY KEY,
  codigo_entidad integer NOT NULL,
  codigo_usuario text NOT NULL,
  nombre_usuario_persona text NOT NULL
);
CREATE INDEX procuradores_entidad ON procuradores (codigo_entidad);

ALTER TABLE promoters ADD COLUMN usu_procurador text;
