/**
 * The procurador user-name lookup (spec 000 §3 "Promoter session": usuProcurador; §6: "A
 * 'procurador' user-name lookup exists"). A logged-in promoter gives a user name and learns
 * who that procurador is: full name, user code and entity. Only procuradores of the
 * promoter's own entity are found; anyone else, known or not, answers the same 404, so the
 * lookup does not reveal other entities' staff. The spec gives no path: see the registry
 * entry `session.procurador` (`pathNotInSpec`).
 */
import type { Handler, HandlerMap } from '../types.ts';
import { text } from '../../texts.ts';

/** Outcome codes of the lookup. */
export const PROCURADOR_CODES = { found: 0, notFound: 1 } as const;

interface ProcuradorRow {
  nombre_usuario: string;
  nombre_usuario_persona: string;
  codigo_entidad: number;
  codigo_usuario: string;
}

const lookupProcurador: Handler = async (req, svc) => {
  if (req.promoter === null)
    return { status: 401, body: { codigoRespuesta: '99', detalleRespuesta: text('error.unauthorized') } };
  // User names are stored in lower case, as the login reads them.
  const nombreUsuario =
    typeof req.body.nombreUsuario === 'string' ? req.body.nombreUsuario.trim().toLowerCase() : '';
  const { rows } = await svc.db.query<ProcuradorRow>(
    `SELECT nombre_usuario, nombre_usuario_persona, codigo_entidad, codigo_usuario
       FROM procuradores WHERE nombre_usuario = $1 AND codigo_entidad = $2`,
    [nombreUsuario, req.promoter.codigoEntidad],
  );
  const row = rows[0];
  if (row === undefined)
    return {
      status: 404,
      body: {
        codigoRespuesta: PROCURADOR_CODES.notFound,
        detalleRespuesta: text('promoter.procurador.notFound'),
      },
    };
  return {
    body: {
      codigoRespuesta: PROCURADOR_CODES.found,
      detalleRespuesta: 'OK',
      procurador: {
        nombreUsuario: row.nombre_usuario,
        nombreUsuarioPersona: row.nombre_usuario_persona,
        codigoEntidad: row.codigo_entidad,
        codigoUsuario: row.codigo_usuario,
      },
    },
  };
};

/** The procurador lookup by endpoint id. */
export const procuradorHandlers: HandlerMap = {
  'session.procurador': lookupProcurador,
};
