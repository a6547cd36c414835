/**
 * The promoter's desk (spec 001 §7 "Session and promoter"): the customer check before a
 * vehicle application, and the lists of the promoter's own prospects and customers. Every call
 * needs a logged-in promoter and reads only what that promoter registered (object-level
 * authorisation): another promoter's applicants never appear.
 */
import type { Handler, HandlerMap, HandlerReply, PromoterSession } from '../types.ts';
import { taxiCustomerCheck } from '../../domain/vehicle-states.ts';
import { text } from '../../texts.ts';

const unauthorized = (): HandlerReply => ({
  status: 401,
  body: { codigoRespuesta: '99', detalleRespuesta: text('error.unauthorized') },
});

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** One application of the promoter, from either family of tables. */
interface DeskRow {
  codigo_prospecto: string;
  familia: string;
  codigo_producto: number;
  documento: string;
  estado: number;
  nombres: string | null;
  creado: Date;
}

/** The promoter's applications, newest first, optionally for one document and a date range. */
async function promoterApplications(
  db: Parameters<Handler>[1]['db'],
  p: PromoterSession,
  filter: { documento: string | null; desde: string | null; hasta: string | null },
): Promise<DeskRow[]> {
  const { rows } = await db.query<DeskRow>(
    `SELECT * FROM (
       SELECT id::text AS codigo_prospecto, producto AS familia, codigo_producto, documento, estado,
              nullif(concat_ws(' ', nombres, apellido_paterno, apellido_materno), '') AS nombres, created_at AS creado
         FROM lde_prospects WHERE codigo_entidad = $1 AND codigo_usuario = $2
       UNION ALL
       SELECT id::text, family, codigo_producto, documento, estado,
              nullif(concat_ws(' ', data->>'nombres', data->>'apellidos'), ''), created_at
         FROM vehicle_prospects WHERE data->>'codigoUsuario' = $2 AND coalesce(data->>'codigoEntidad', $1::text) = $1::text
     ) a
     WHERE ($3::text IS NULL OR documento = $3)
       AND ($4::date IS NULL OR creado >= $4::date)
       AND ($5::date IS NULL OR creado < $5::date + 1)
     ORDER BY creado DESC LIMIT 500`,
    [p.codigoEntidad, p.codigoUsuario, filter.documento, filter.desde, filter.hasta],
  );
  return rows;
}

const isoDate = (v: unknown): string | null => {
  const s = str(v);
  return s !== null && /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s.slice(0, 10)))
    ? s.slice(0, 10)
    : null;
};

const validateCustomer: Handler = async (req, svc) => {
  if (req.promoter === null) return unauthorized();
  const documento = str(req.body.documento) ?? '';
  const { rows } = await svc.db.query<{ estado: number; paso: number }>(
    'SELECT estado, paso FROM vehicle_prospects WHERE documento = $1 ORDER BY id DESC LIMIT 1',
    [documento],
  );
  const check = taxiCustomerCheck(documento, rows[0] ?? null);
  const codigoRespuesta =
    check.codigoRespuesta === '00' || check.codigoRespuesta === '01' ? check.codigoRespuesta : '99';
  const apps = await promoterApplications(svc.db, req.promoter, { documento, desde: null, hasta: null });
  return {
    body: {
      codigoRespuesta,
      codigoEstado: check.codigoEstado,
      detalleRespuesta: codigoRespuesta === '99' ? text('error.genericAlert') : 'OK',
      cliente: {
        documento,
        tipoDocumento: req.body.tipoDocumento ?? 1,
        solicitudes: apps.length,
        estado: apps[0]?.estado ?? null,
      },
    },
  };
};

const listProspects: Handler = async (req, svc) => {
  if (req.promoter === null) return unauthorized();
  const rows = await promoterApplications(svc.db, req.promoter, {
    documento: str(req.body.documento),
    desde: isoDate(req.body.fechaInicio),
    hasta: isoDate(req.body.fechaFin),
  });
  return {
    body: {
      codigoRespuesta: '00',
      result: {
        js_resdat: rows.map((r) => ({
          codigoProspecto: r.codigo_prospecto,
          producto: r.familia,
          codigoProducto: r.codigo_producto,
          documento: r.documento,
          nombreCompleto: r.nombres,
          estadoProspecto: r.estado,
          fechaRegistro: new Date(r.creado).toISOString(),
        })),
      },
    },
  };
};

const listCustomers: Handler = async (req, svc) => {
  if (req.promoter === null) return unauthorized();
  const rows = await promoterApplications(svc.db, req.promoter, {
    documento: str(req.body.documento),
    desde: null,
    hasta: null,
  });
  const byDocument = new Map<
    string,
    { documento: string; nombreCompleto: string | null; solicitudes: number; ultimaSolicitud: string }
  >();
  for (const r of rows) {
    const c = byDocument.get(r.documento);
    if (c) c.solicitudes++;
    else
      byDocument.set(r.documento, {
        documento: r.documento,
        nombreCompleto: r.nombres,
        solicitudes: 1,
        ultimaSolicitud: new Date(r.creado).toISOString(),
      });
  }
  return { body: { codigoRespuesta: '00', result: [...byDocument.values()] } };
};

/** Promoter desk handlers by endpoint id. */
export const promoterDeskHandlers: HandlerMap = {
  'session.validateCustomer': validateCustomer,
  'session.listProspects': listProspects,
  'session.listCustomers': listCustomers,
};
