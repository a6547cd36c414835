/**
 * The promoter's desk (spec 001 §7 "Session and promoter"): the customer check before a
 * vehicle application, and the lists of the prospects and customers of the promoter's entity.
 * Every call needs a logged-in promoter. A promoter sees the prospects of their own entity
 * (issue 7; the spec leaves the status page's permissions open): every application that a
 * promoter of that entity registered, with who registered it. Another entity's applications,
 * and applications no promoter registered, never appear (object-level authorisation). An
 * instant credit shows its disbursement account as it is now, masked, with the date it was
 * changed on /cambiarcuenta. The customer check counts only the applications the promoter
 * registered themself.
 */
import type { Handler, HandlerMap, HandlerReply, PromoterSession } from '../types.ts';
import { taxiCustomerCheck } from '../../domain/vehicle-states.ts';
import { text } from '../../texts.ts';
import { showAccount, type AccountColumns } from '../../domain/lde/disbursement-account.ts';

const unauthorized = (): HandlerReply => ({
  status: 401,
  body: { codigoRespuesta: '99', detalleRespuesta: text('error.unauthorized') },
});

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * One application of the promoter's entity, from any family of tables (instant credits,
 * vehicles, GNV conversions: the family of a conversion is the route it was applied on), with who registered
 * it and, for an instant credit, its disbursement account (columns null when it has none).
 */
interface DeskRow extends AccountColumns {
  codigo_prospecto: string;
  familia: string;
  codigo_producto: number;
  documento: string;
  estado: number;
  nombres: string | null;
  creado: Date;
  codigo_usuario: string;
  nombre_usuario: string;
  nombre_usuario_persona: string;
  con_cuenta: boolean;
}

/**
 * The applications of the promoter's entity (or, with `onlyOwn`, of the promoter alone),
 * newest first, optionally for one document and a date range. An application belongs to the
 * entity when a promoter of that entity registered it (its user code is that promoter's) and
 * it carries that entity's code (a vehicle application without one takes its promoter's).
 */
async function promoterApplications(
  db: Parameters<Handler>[1]['db'],
  p: PromoterSession,
  filter: { documento: string | null; desde: string | null; hasta: string | null; onlyOwn?: boolean },
): Promise<DeskRow[]> {
  const { rows } = await db.query<DeskRow>(
    `SELECT * FROM (
       SELECT l.id::text AS codigo_prospecto, l.producto AS familia, l.codigo_producto, l.documento, l.estado,
              nullif(concat_ws(' ', l.nombres, l.apellido_paterno, l.apellido_materno), '') AS nombres, l.created_at AS creado,
              r.codigo_usuario, r.nombre_usuario, r.nombre_usuario_persona,
              b.prospect_id IS NOT NULL AS con_cuenta, b.entidad_bancaria, b.tipo_cuenta, b.numero_cuenta, b.cci, b.cambiada_en
         FROM lde_prospects l JOIN promoters r ON r.codigo_usuario = l.codigo_usuario AND r.codigo_entidad = l.codigo_entidad
         LEFT JOIN lde_bank_details b ON b.prospect_id = l.id
        WHERE l.codigo_entidad = $1
       UNION ALL
       SELECT v.id::text, v.family, v.codigo_producto, v.documento, v.estado,
              nullif(concat_ws(' ', v.data->>'nombres', v.data->>'apellidos'), ''), v.created_at,
              r.codigo_usuario, r.nombre_usuario, r.nombre_usuario_persona,
              false, NULL::text, NULL::integer, NULL::text, NULL::text, NULL::timestamptz
         FROM vehicle_prospects v JOIN promoters r ON r.codigo_usuario = v.data->>'codigoUsuario'
        WHERE r.codigo_entidad = $1 AND coalesce(v.data->>'codigoEntidad', $1::text) = $1::text
       UNION ALL
       SELECT c.id::text,
              CASE c.data->>'rutaRetoma' WHEN '/autoclass' THEN 'autoclass'
                WHEN '/campanaconversiones' THEN 'campanaconversiones' ELSE 'conversion' END,
              c.codigo_producto, c.documento, c.estado,
              nullif(concat_ws(' ', c.data->>'nombres', c.data->>'apellidos'), ''), c.created_at,
              r.codigo_usuario, r.nombre_usuario, r.nombre_usuario_persona,
              false, NULL::text, NULL::integer, NULL::text, NULL::text, NULL::timestamptz
         FROM conversion_prospects c JOIN promoters r ON r.codigo_usuario = c.data->>'codigoUsuario'
        WHERE r.codigo_entidad = $1 AND c.data->>'codigoEntidad' = $1::text
     ) a
     WHERE ($2::text IS NULL OR codigo_usuario = $2)
       AND ($3::text IS NULL OR documento = $3)
       AND ($4::date IS NULL OR creado >= $4::date)
       AND ($5::date IS NULL OR creado < $5::date + 1)
     ORDER BY creado DESC LIMIT 500`,
    [p.codigoEntidad, filter.onlyOwn ? p.codigoUsuario : null, filter.documento, filter.desde, filter.hasta],
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
  const apps = await promoterApplications(svc.db, req.promoter, {
    documento,
    desde: null,
    hasta: null,
    onlyOwn: true,
  });
  return {
    body: {
      codigoRespuesta,
      // Only when there is a state to name (the schema has no null for it).
      ...(check.codigoEstado !== null ? { codigoEstado: check.codigoEstado } : {}),
      detalleRespuesta: codigoRespuesta === '99' ? text('error.genericAlert') : 'OK',
      cliente: {
        documento,
        tipoDocumento: req.body.tipoDocumento ?? 1,
        solicitudes: apps.length,
        estado: apps[0]?.estado ?? null,
        // The family names the state's table (lead states or vehicle statuses).
        producto: apps[0]?.familia ?? null,
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
          // Who registered it: the entity's promoters see each other's applications.
          codigoUsuario: r.codigo_usuario,
          nombreUsuario: r.nombre_usuario,
          nombreUsuarioPersona: r.nombre_usuario_persona,
          // The account the money goes to as it is now (changed on /cambiarcuenta or not), masked.
          ...(r.con_cuenta ? { cuentaDesembolso: showAccount(r) } : {}),
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
