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
import { createHash } from 'node:crypto';
import { armResumeLink } from '../../domain/conversion/resume-link.ts';
import { simulate } from '../../../engine/credit-math.ts';
import { scenarioFor } from '../scenarios.ts';
import { CONVERSION_OFFER_PRODUCTS } from '../../domain/vehicle-states.ts';
import {
  CONVERSION_STATUS,
  CONVERSION_TERMS,
  FIRST_PRODUCT,
  offerStatusOf,
  orderProducts,
  priceOffer,
  type ConversionOffer,
} from '../../domain/conversion/offers.ts';
import { DOCUMENT_GROUPS, documentTitle } from '../../domain/lde/documents.ts';
import { renderContractDocument } from '../../domain/pdf/contract-documents.ts';
import { sandboxProviders } from '../../domain/providers/sandbox-providers.ts';
import type { Db, Services } from '../types.ts';

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
  // The conversion route applied on (its schema lists the three): the resume link returns there.
  'rutaRetoma',
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

/** A conversion application with what the offer steps read. */
interface FullRow extends Row {
  documento: string;
  tipo_documento: number;
  placa: string;
  data: Record<string, unknown>;
}

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
    return { body: { ...answerOf(p), nuevaSolicitud: false } };
  }
  const { status, productos } = conversionStatus(documento);
  const { rows } = await svc.db.query<Row>(
    `INSERT INTO conversion_prospects (codigo_producto, tipo_documento, documento, placa, estado, productos, data, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${COLUMNS}`,
    [codigoProducto, tipoDocumento, documento, placa, status, [...productos], toJsonb(data), at],
  );
  const created = fromRow(rows[0]!);
  // The resume link (the applicant continues from another device, or later, at the step the
  // status says) is texted when they leave: once the application stays untouched (resume-link.ts).
  if (optStr(req.body, 'telefono') !== undefined) await armResumeLink(svc, Number(created.id), documento);
  // Only this answer says the application is new: the flow counts the ads conversion once.
  return { body: { ...answerOf(created), nuevaSolicitud: true } };
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

// ---------------------------------------------------------------------------------------
// Offers, confirmation and contracts (steps 3 to 7)
// ---------------------------------------------------------------------------------------

const reply = (codRes: string, key?: string, extra: Record<string, unknown> = {}) => ({
  body: { codRes, detalleRespuesta: key ? text(key) : 'OK', ...extra },
});

/** The application a body or path names, when the holder's document (if sent) is its own. */
async function conversionOf(db: Db, rawId: unknown, documento: string | undefined): Promise<FullRow | null> {
  const id = prospectIdOf(rawId);
  const { rows } = await db.query<FullRow>(
    `SELECT ${COLUMNS}, documento, tipo_documento, placa, data FROM conversion_prospects WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row || (documento !== undefined && row.documento !== documento)) return null;
  return row;
}

interface OfferRow {
  codigo_producto: number;
  orden: number;
  monto: string | number;
  plazo: number;
  tea: string | number;
  cuota: string | number;
  factor_recaudo: string | number;
  estado: string;
  codigo_expediente: string | null;
}

/** An offer as the calls answer it, with its product's name. */
function offerOf(r: OfferRow, categoria: unknown, rateCapTea: number): ConversionOffer & { titulo: string } {
  const priced = priceOffer(r.codigo_producto, Number(r.monto), categoria, rateCapTea);
  return {
    codigoProducto: r.codigo_producto,
    importeFinanciar: Number(r.monto),
    cuotas: r.plazo,
    tasa: Number(r.tea),
    importeCuotas: Number(r.cuota),
    tcea: priced?.tcea ?? 0,
    factorRecaudo: Number(r.factor_recaudo),
    titulo: text(`conversion.producto.${r.codigo_producto}`),
  };
}

async function storedOffers(db: Db, id: number): Promise<OfferRow[]> {
  const { rows } = await db.query<OfferRow>(
    `SELECT codigo_producto, orden, monto, plazo, tea, cuota, factor_recaudo, estado, codigo_expediente
     FROM conversion_offers WHERE prospect_id = $1 ORDER BY orden`,
    [id],
  );
  return rows;
}

/** Prices and stores the offers of `productos` (product 24 first) for `monto` soles. */
async function makeOffers(
  db: Db,
  svc: Services,
  p: FullRow,
  productos: readonly number[],
  monto: number,
  at: string,
): Promise<void> {
  await db.query('DELETE FROM conversion_offers WHERE prospect_id = $1', [p.id]);
  let orden = 0;
  for (const codigo of orderProducts(productos)) {
    const o = priceOffer(codigo, monto, p.data.categoriaVehiculo, svc.settings.rateCapTea);
    if (!o) continue;
    await db.query(
      `INSERT INTO conversion_offers (prospect_id, codigo_producto, orden, monto, plazo, tea, cuota, factor_recaudo, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [p.id, codigo, ++orden, o.importeFinanciar, o.cuotas, o.tasa, o.importeCuotas, o.factorRecaudo, at],
    );
  }
}

const isOfferStatus = (estado: number) =>
  estado === CONVERSION_STATUS.offerCars || estado === CONVERSION_STATUS.offerCommercial;

/**
 * The offer form (step 3): the vehicle's year, its fuel and the conversion's price. A vehicle
 * older than the limit (or the row 72000003) answers "03"; otherwise the application moves to
 * the offer status of its category (18 cars, 35 light commercial) with product 24 and that
 * status's products, each priced with the credit math. Only an application at status 0 asks.
 */
const requestOffer: Handler = async (req, svc) => {
  const p = await conversionOf(svc.db, req.body.codigoProspecto, optStr(req.body, 'documento'));
  if (!p || p.estado !== CONVERSION_STATUS.approved) return reply('99', 'error.badCodeResponse');
  const now = svc.clock.now();
  const year = new Date(now).getUTCFullYear();
  const anio = optNum(req.body, 'anioFabricacion');
  const precio = optNum(req.body, 'precioConversion') ?? CONVERSION_TERMS.precioReferencia;
  const errors: { path: string; message: string }[] = [];
  if (anio !== undefined && (!Number.isInteger(anio) || anio < 1950 || anio > year + 1))
    errors.push({ path: '/anioFabricacion', message: text('conversion.servidor.anio', { max: year + 1 }) });
  if (precio < CONVERSION_TERMS.precioMinimo || precio > CONVERSION_TERMS.precioMaximo)
    errors.push({
      path: '/precioConversion',
      message: text('conversion.servidor.precio', {
        min: CONVERSION_TERMS.precioMinimo,
        max: CONVERSION_TERMS.precioMaximo,
      }),
    });
  if (errors.length > 0) throw new BadInput(errors);
  const forced = scenarioFor('conversion', p.documento, 'offerRequest');
  if (forced?.code === '99') return reply('99', 'error.badCodeResponse');
  if (forced?.code === '03' || (anio !== undefined && year - anio > CONVERSION_TERMS.antiguedadMaxima))
    return reply('03', 'status.sinOferta');
  const estado = offerStatusOf(p.data.categoriaVehiculo);
  const productos = orderProducts([FIRST_PRODUCT, ...(CONVERSION_OFFER_PRODUCTS[estado] ?? [])]);
  const at = new Date(now).toISOString();
  const vehiculo = {
    ...(anio !== undefined ? { anioFabricacion: anio } : {}),
    ...(optStr(req.body, 'combustibleActual')
      ? { combustibleActual: optStr(req.body, 'combustibleActual') }
      : {}),
    precioConversion: precio,
  };
  await svc.db.transaction(async (tx) => {
    await tx.query(
      'UPDATE conversion_prospects SET estado = $2, productos = $3, data = data || $4::jsonb, updated_at = $5 WHERE id = $1',
      [p.id, estado, productos, toJsonb(vehiculo), at],
    );
    await makeOffers(tx, svc, { ...p, data: { ...p.data, ...vehiculo } }, productos, precio, at);
  });
  const ofertas = (await storedOffers(svc.db, Number(p.id))).map((r) =>
    offerOf(r, p.data.categoriaVehiculo, svc.settings.rateCapTea),
  );
  return reply('00', undefined, { codigoProspecto: Number(p.id), estadoProspecto: estado, ofertas });
};

/**
 * The offers of an application at an offer status (18, 35), product 24 first. An application
 * that reached the status without the offer form is priced at the reference price the first
 * time. Any other status, or the row 72000099, answers "99".
 */
const listOffers: Handler = async (req, svc) => {
  const documento = optStr(req.query, 'documento');
  if (documento === undefined)
    throw new BadInput([{ path: 'documento', message: text('servidor.campo.documentoRequerido') }]);
  const p = await conversionOf(svc.db, req.params.codigoProspecto, documento);
  if (!p || !isOfferStatus(p.estado) || scenarioFor('conversion', p.documento, 'offers'))
    return reply('99', 'conversion.error.ofertas');
  let rows = await storedOffers(svc.db, Number(p.id));
  if (rows.length === 0) {
    const at = new Date(svc.clock.now()).toISOString();
    const monto = Number(p.data.precioConversion ?? CONVERSION_TERMS.precioReferencia);
    await svc.db.transaction((tx) => makeOffers(tx, svc, p, (p.productos ?? []).map(Number), monto, at));
    rows = await storedOffers(svc.db, Number(p.id));
  }
  if (rows.length === 0) return reply('99', 'conversion.error.ofertas');
  return reply('00', undefined, {
    codigoProspecto: Number(p.id),
    ofertas: rows.map((r) => offerOf(r, p.data.categoriaVehiculo, svc.settings.rateCapTea)),
  });
};

/** Confirms the chosen offer (step 4 → 5): it must be one of the application's offers. */
const confirmOffer: Handler = async (req, svc) => {
  const p = await conversionOf(svc.db, req.body.codigoProspecto, optStr(req.body, 'documento'));
  const codigo = optNum(req.body, 'codigoProducto');
  if (!p || !isOfferStatus(p.estado) || scenarioFor('conversion', p.documento, 'confirmOffer'))
    return reply('99', 'conversion.error.confirmarOferta');
  const rows = await storedOffers(svc.db, Number(p.id));
  const chosen = rows.find((r) => r.codigo_producto === codigo);
  if (!chosen) return reply('99', 'conversion.error.confirmarOferta');
  const at = new Date(svc.clock.now()).toISOString();
  await svc.db.query(
    `UPDATE conversion_offers SET estado = CASE WHEN codigo_producto = $2 THEN 'elegida' ELSE 'ofertada' END, updated_at = $3
     WHERE prospect_id = $1`,
    [p.id, codigo, at],
  );
  return reply('00', undefined, {
    codigoProspecto: Number(p.id),
    oferta: offerOf(chosen, p.data.categoriaVehiculo, svc.settings.rateCapTea),
  });
};

/**
 * Confirms the data (step 5 → 7) and processes every offer of the application in order,
 * product 24 first: the chosen offer is registered as an expediente, the others are declined
 * ("00"). It succeeds only if every offer answers "00" or an expediente code; the row
 * 74000099 makes the last offer fail, and then nothing is kept ("99"). On success the
 * application is in process (2). A retry after success answers the same expedientes.
 */
const confirmData: Handler = async (req, svc) => {
  const p = await conversionOf(svc.db, req.body.codigoProspecto, optStr(req.body, 'documento'));
  if (!p) return reply('99', 'error.dataUpdate');
  const rows = await storedOffers(svc.db, Number(p.id));
  const expedientesOf = (list: OfferRow[]) =>
    list.map((r) => ({
      codigoProducto: r.codigo_producto,
      codRes: r.codigo_expediente ? r.codigo_expediente : '00',
      codigoExpediente: r.codigo_expediente,
    }));
  if (p.estado === CONVERSION_STATUS.inProcess && rows.some((r) => r.estado === 'registrada'))
    return reply('00', undefined, {
      codigoProspecto: Number(p.id),
      estadoProspecto: p.estado,
      expedientes: expedientesOf(rows),
    });
  if (!isOfferStatus(p.estado) || !rows.some((r) => r.estado === 'elegida'))
    return reply('99', 'error.dataUpdate');
  const failing = scenarioFor('conversion', p.documento, 'confirmData') ? rows.at(-1)!.codigo_producto : null;
  // Each offer's answer, in order: the chosen one an expediente code, the others "00".
  const answers = rows.map((r) => {
    const expediente =
      r.codigo_producto === failing
        ? null
        : r.estado === 'elegida'
          ? `EXP-${String(p.id)}-${r.codigo_producto}`
          : null;
    const codRes = r.codigo_producto === failing ? '99' : (expediente ?? '00');
    return { codigoProducto: r.codigo_producto, codRes, codigoExpediente: expediente };
  });
  // Every offer must answer ok or an expediente code; otherwise nothing is kept.
  if (answers.some((a) => a.codRes !== '00' && a.codigoExpediente === null))
    return reply('99', 'error.dataUpdate', { codigoProspecto: Number(p.id), expedientes: answers });
  const at = new Date(svc.clock.now()).toISOString();
  const datos = {
    direccion: optStr(req.body, 'direccion'),
    email: optStr(req.body, 'email'),
    ...(optStr(req.body, 'telefonoAdicional')
      ? { telefonoAdicional: optStr(req.body, 'telefonoAdicional') }
      : {}),
    ...(typeof req.body.propietario === 'boolean' ? { propietario: req.body.propietario } : {}),
  };
  await svc.db.transaction(async (tx) => {
    for (const a of answers)
      await tx.query(
        'UPDATE conversion_offers SET estado = $3, codigo_expediente = $4, updated_at = $5 WHERE prospect_id = $1 AND codigo_producto = $2',
        [p.id, a.codigoProducto, a.codigoExpediente ? 'registrada' : 'declinada', a.codigoExpediente, at],
      );
    await tx.query(
      'UPDATE conversion_prospects SET estado = $2, data = data || $3::jsonb, updated_at = $4 WHERE id = $1',
      [p.id, CONVERSION_STATUS.inProcess, toJsonb(datos), at],
    );
  });
  return reply('00', undefined, {
    codigoProspecto: Number(p.id),
    estadoProspecto: CONVERSION_STATUS.inProcess,
    expedientes: answers,
  });
};

/** The documents of a conversion credit: group D (the first four plus the FR activation letter). */
const CONVERSION_DOCUMENT_GROUP = 'D' as const;

/** Late-payment rate and credit-life insurer the documents print (sandbox settings). */
const CONVERSION_DOCUMENT_TERMS = {
  tasaMoratoria: 0.14,
  aseguradora: 'Rímac Seguros y Reaseguros',
  poliza: 'DESG-GNV-2026-0001',
} as const;

/**
 * Contract generation of the conversion campaign (`POST /v9/contratos/v1.0/contratos` for a
 * conversion application): the documents of every registered offer, as real PDFs sent inline.
 * "00" only if every contract is generated; otherwise "99" (the row 75000099 fails the last one).
 */
export const conversionContracts: Handler = async (req, svc) => {
  const p = await conversionOf(svc.db, req.body.codigoProspecto, optStr(req.body, 'documento'));
  if (!p) return reply('99', 'error.contracts');
  const registered = (await storedOffers(svc.db, Number(p.id))).filter((r) => r.estado === 'registrada');
  if (registered.length === 0) return reply('99', 'error.contracts');
  const failing = scenarioFor('conversion', p.documento, 'contracts');
  const now = svc.clock.now();
  const holder = await sandboxProviders.idRegistry.lookup(p.documento, now);
  const documentos: Record<string, unknown>[] = [];
  const generated: { codigoProducto: number; ok: boolean }[] = [];
  for (const [i, r] of registered.entries()) {
    if (failing && i === registered.length - 1) {
      generated.push({ codigoProducto: r.codigo_producto, ok: false });
      continue;
    }
    const monto = Number(r.monto);
    const simulacion = simulate({
      amount: monto,
      tea: Number(r.tea),
      months: r.plazo,
      desgravamenMonthly: CONVERSION_TERMS.desgravamenMensual,
      rateCapTea: svc.settings.rateCapTea,
      firstDate: new Date(now).toISOString().slice(0, 10),
    });
    const data = {
      codigoProspecto: Number(p.id),
      producto: 'conversion' as const,
      fecha: new Date(now).toISOString().slice(0, 10),
      titular: {
        nombres: holder?.nombres ?? '',
        apellidos: [holder?.apellidoPaterno, holder?.apellidoMaterno].filter(Boolean).join(' '),
        tipoDocumento: p.tipo_documento === 2 ? 'Carné de extranjería' : 'DNI',
        documento: p.documento,
        telefono: typeof p.data.telefono === 'string' ? p.data.telefono : '',
        email: typeof p.data.email === 'string' ? p.data.email : null,
        direccion: typeof p.data.direccion === 'string' ? p.data.direccion : null,
        placa: p.placa,
      },
      credito: {
        monto,
        plazo: r.plazo,
        tea: Number(r.tea),
        tasaMoratoria: CONVERSION_DOCUMENT_TERMS.tasaMoratoria,
        desgravamenMensual: CONVERSION_TERMS.desgravamenMensual,
        aseguradora: CONVERSION_DOCUMENT_TERMS.aseguradora,
        poliza: CONVERSION_DOCUMENT_TERMS.poliza,
        factorRecaudo: Number(r.factor_recaudo),
        simulacion,
      },
      banco: null,
    };
    const hashes: { tipo: string; sha256: string }[] = [];
    for (const tipo of DOCUMENT_GROUPS[CONVERSION_DOCUMENT_GROUP]) {
      const pdf = await renderContractDocument(tipo, data);
      const sha256 = createHash('sha256').update(pdf).digest('hex');
      hashes.push({ tipo, sha256 });
      documentos.push({
        codigo: `${r.codigo_producto}-${tipo}`,
        tipo,
        codigoProducto: r.codigo_producto,
        codigoExpediente: r.codigo_expediente,
        titulo: documentTitle(tipo),
        sha256,
        contenido: pdf.toString('base64'),
      });
    }
    await svc.db.query(
      'UPDATE conversion_offers SET documentos = $3::jsonb WHERE prospect_id = $1 AND codigo_producto = $2',
      [p.id, r.codigo_producto, toJsonb(hashes)],
    );
    generated.push({ codigoProducto: r.codigo_producto, ok: true });
  }
  if (generated.some((g) => !g.ok)) return reply('99', 'error.contracts', { contratos: generated });
  return reply('00', undefined, {
    codigoProspecto: Number(p.id),
    grupo: CONVERSION_DOCUMENT_GROUP,
    contratos: generated,
    documentos,
  });
};

/** True when `raw` names a conversion application (their codes have a range of their own, see 0206). */
export const isConversionCode = (raw: unknown): boolean => {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n >= 700_000_001 && n < 900_000_001;
};

/** Handlers by endpoint id. */
export const handlers: HandlerMap = {
  'conversion.preEvaluate': preEvaluate,
  'conversion.status': lookupStatus,
  'conversion.requestOffer': requestOffer,
  'conversion.offers': listOffers,
  'conversion.confirmOffer': confirmOffer,
  'conversion.confirmData': confirmData,
};

/** The contract generation of the conversion campaign serves conversion applications first. */
export function withConversionContracts(base: HandlerMap): HandlerMap {
  const other = base['contracts.createV9'];
  return {
    'contracts.createV9': async (req, svc) => {
      if (isConversionCode(req.body.codigoProspecto)) return conversionContracts(req, svc);
      if (!other) return reply('99', 'error.contracts');
      return other(req, svc);
    },
  };
}
