/**
 * The conversion campaign (campanaconversiones, conversion, autoclass: gas conversion of a
 * vehicle): the pre-evaluation of an applicant and their vehicle, and the status lookup a
 * resume link reads (spec 000 §3 "Conversion evaluation data", §4 "Conversion flow statuses";
 * SCENARIOS.md "Conversion campaign"). The codes and statuses come from the scenario rows and
 * the rules of `vehicle-states.ts` (`conversionPreEvaluation`, `conversionStatus`,
 * `conversionRoute`); this file stores the application (`conversion_prospects`) and answers.
 * The spec gives no paths: see the registry entries `conversion.preEvaluate` and
 * `conversion.status` (`pathNotInSpec`).
 */
import { BadInput, type Handler, type HandlerMap } from '../types.ts';
import {
  conversionPreEvaluation,
  conversionRoute,
  conversionStatus,
  type ConversionScreen,
} from '../../domain/vehicle-states.ts';
import { toJsonb } from '../../domain/vehicle/prospects.ts';
import { checkDocument, checkPlate, prospectIdOf } from '../../domain/vehicle/steps.ts';
import { optNum, optStr } from './lde/input.ts';
import { preEvaluationText } from './lde/pre-evaluation.ts';
import { text } from '../../texts.ts';
import { mayResume } from '../../resume-guard.ts';

/** Defaults of the evaluation data (spec 000 §9: tipoDocumento 1, channel 1, origen 4). */
const CONVERSION_DEFAULTS = { tipoDocumento: 1, channel: 1, origen: 4 } as const;

/** Fields of the evaluation data kept on the application besides its columns. */
const KEPT_FIELDS = [
  'categoriaVehiculo',
  'telefono',
  'email',
  'channel',
  'origen',
  'utm_source',
  'utm_medium',
  'utm_content',
  'utm_campaign',
] as const;

/** What a status says to the applicant; the screens that go on (offer form, offer) need no modal. */
const STATUS_TEXT: Readonly<Record<ConversionScreen, string | null>> = {
  offerForm: null,
  offer: null,
  inProcess: 'status.evaluacionEnProceso',
  preApproved: 'status.preAprobado',
  creditActivated: 'status.creditoActivado',
  requestInProcess: 'status.solicitudEnProceso',
};

/** A conversion application as stored. */
interface ConversionProspect {
  id: number;
  codigoProducto: number;
  estado: number;
  productos: number[];
}

interface Row {
  id: number | string;
  codigo_producto: number;
  estado: number;
  productos: number[] | null;
}

const COLUMNS = 'id, codigo_producto, estado, productos';

const fromRow = (r: Row): ConversionProspect => ({
  id: Number(r.id),
  codigoProducto: r.codigo_producto,
  estado: r.estado,
  productos: (r.productos ?? []).map(Number),
});

/** The detail of a status: the modal text of its screen, or "OK" when the flow goes on. */
function statusDetail(estado: number): string {
  const key = STATUS_TEXT[conversionRoute(estado)];
  return key === null ? 'OK' : text(key);
}

/** The application as the calls answer it. */
const answerOf = (p: ConversionProspect) => ({
  codRes: '00',
  detalleRespuesta: statusDetail(p.estado),
  codigoProspecto: p.id,
  codigoProducto: p.codigoProducto,
  estadoProspecto: p.estado,
  productos: p.productos,
});

/**
 * The pre-evaluation: a scenario code other than "00" is answered with its modal text (and,
 * for "04", the renewal page) and registers nothing. Otherwise the applicant's application for
 * this plate is resumed with its status, or a new one is registered with the status the
 * scenario rows decide (unlisted: 0, the offer form) and the products that status offers.
 */
const preEvaluate: Handler = async (req, svc) => {
  const { tipoDocumento, documento } = checkDocument(req.body);
  const placa = checkPlate(req.body.placa);
  // The schema requires the plate; blank, it is as missing.
  if (placa === undefined) throw new BadInput([{ path: 'placa', message: text('servidor.campo.placa') }]);

  const codRes = conversionPreEvaluation(documento);
  if (codRes !== '00') {
    const renewal = `${svc.settings.publicUrl.replace(/\/$/, '')}/renovacion`;
    return {
      body: {
        codRes,
        detalleRespuesta: preEvaluationText(codRes),
        ...(codRes === '04' ? { enlaceRenovacion: renewal } : {}),
      },
    };
  }

  const data: Record<string, unknown> = { ...CONVERSION_DEFAULTS, tipoDocumento };
  for (const f of KEPT_FIELDS) if (req.body[f] !== undefined) data[f] = req.body[f];
  if (req.promoter)
    Object.assign(data, {
      codigoEntidad: req.promoter.codigoEntidad,
      codigoUsuario: req.promoter.codigoUsuario,
    });
  const asked = optNum(req.body, 'codigoProducto');
  // Any whole product code is kept as sent; without one the product is undefined (0).
  const codigoProducto =
    asked !== undefined && Number.isInteger(asked) && Math.abs(asked) < 100_000 ? asked : 0;
  const at = new Date(svc.clock.now()).toISOString();

  const existing = await svc.db.query<Row>(
    `SELECT ${COLUMNS} FROM conversion_prospects WHERE documento = $1 AND placa = $2 ORDER BY id DESC LIMIT 1`,
    [documento, placa],
  );
  if (existing.rows[0]) {
    const p = fromRow(existing.rows[0]);
    // Only its holder resumes an application by document and plate (docs/security.md): anyone
    // else is told a request is in process ("01"), and nothing of it changes or shows.
    if (!(await mayResume(['conversion'], p.id)))
      return { body: { codRes: '01', detalleRespuesta: preEvaluationText('01') } };
    await svc.db.query(
      'UPDATE conversion_prospects SET data = data || $2::jsonb, updated_at = $3 WHERE id = $1',
      [p.id, toJsonb(data), at],
    );
    return { body: answerOf(p) };
  }
  const { status, productos } = conversionStatus(documento);
  const { rows } = await svc.db.query<Row>(
    `INSERT INTO conversion_prospects (codigo_producto, tipo_documento, documento, placa, estado, productos, data, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${COLUMNS}`,
    [codigoProducto, tipoDocumento, documento, placa, status, [...productos], toJsonb(data), at],
  );
  return { body: answerOf(fromRow(rows[0]!)) };
};

/**
 * The status lookup of a resume link (`?documento=` required): the stored status and its
 * products. An unknown code, or one of another applicant's, answers the same 404 "03", so a
 * code alone opens nothing and codes cannot be tried one after another.
 */
const lookupStatus: Handler = async (req, svc) => {
  const id = prospectIdOf(req.params.codigoProspecto);
  const documento = optStr(req.query, 'documento');
  if (documento === undefined)
    throw new BadInput([{ path: 'documento', message: text('servidor.campo.documentoRequerido') }]);
  const { rows } = await svc.db.query<Row>(
    `SELECT ${COLUMNS} FROM conversion_prospects WHERE id = $1 AND documento = $2`,
    [id, documento],
  );
  const row = rows[0];
  if (row === undefined)
    return { status: 404, body: { codRes: '03', detalleRespuesta: text('vehicle.prospectNotFound') } };
  return { body: answerOf(fromRow(row)) };
};

/** Handlers by endpoint id. */
export const handlers: HandlerMap = {
  'conversion.preEvaluate': preEvaluate,
  'conversion.status': lookupStatus,
};
