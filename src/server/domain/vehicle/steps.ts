/**
 * The steps every vehicle and consumer application goes through (pre-evaluation, policy
 * evaluation, personal data, documents, final state), shared by the moto, moto-honda,
 * consumo, consumo-alfin, seminuevo, quoter and taxi handlers. Each step reads the application
 * row, decides the state with `serverState` (scenario rows, then real rules) and writes it back.
 */
import { BadInput, type Services } from '../../sandbox/types.ts';
import { isCe, isDni, isPlate } from '../../../engine/peru.ts';
import { evaluatePolicies } from '../lde/policies.ts';
import { sandboxProviders } from '../providers/sandbox-providers.ts';
import { ageAt } from '../providers/id-registry.ts';
import { semiNewPlateCheck, serverState, TERMINAL_STATES, type VehicleFamily } from '../vehicle-states.ts';
import { scenarioFor } from '../../sandbox/scenarios.ts';
import { MAX_INSTALMENT_TO_INCOME, termsOf, TIPO_CAMBIO, type ProductTerms } from './product-terms.ts';
import {
  createProspect,
  EVALUABLE_STATES,
  EVALUATION_HELD,
  FAMILY_PRODUCT,
  findById,
  findLatest,
  plateDelivered,
  setState,
  type Prospect,
  type ProspectFamily,
} from './prospects.ts';
import { plazosText, quote, registerLatest, saveSimulation } from './simulations.ts';
import { temFromTea } from '../../../engine/credit-math.ts';
import { text } from '../../texts.ts';
import { mayResume } from '../../resume-guard.ts';
import { isServiceFact } from '../../service-facts.ts';

/** Which application family a handler serves. */
export interface FamilyConfig {
  family: ProspectFamily;
  /** The state table it follows. */
  states: VehicleFamily;
  /** The product when the call does not say. */
  defaultProduct: number;
  /** Semi-new: the plate is checked at pre-evaluation. */
  semiNew?: boolean;
}

export const MOTO: FamilyConfig = { family: 'moto', states: 'moto', defaultProduct: 28 };
export const MOTO_HONDA: FamilyConfig = { family: 'moto-honda', states: 'moto', defaultProduct: 54 };
export const CONSUMO: FamilyConfig = { family: 'consumo', states: 'consumo', defaultProduct: 48 };
export const COTIZADOR: FamilyConfig = { family: 'cotizador', states: 'consumo', defaultProduct: 48 };
export const SEMINUEVO: FamilyConfig = {
  family: 'seminuevo',
  states: 'consumo',
  defaultProduct: 55,
  semiNew: true,
};
export const TAXI: FamilyConfig = { family: 'taxi', states: 'consumo', defaultProduct: 31 };

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined;
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** Reads `codigoProspecto` from a body or a path value; throws BadInput when it is not an id. */
export function prospectIdOf(value: unknown, field = 'codigoProspecto'): number {
  const s = str(value);
  // Report paths may carry the id base64-encoded ({data}): accept both.
  const decoded =
    s !== undefined && !/^\d+$/.test(s)
      ? /^\d+$/.exec(Buffer.from(s, 'base64').toString('utf8').trim())?.[0]
      : s;
  const n = decoded !== undefined ? Number(decoded) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new BadInput([{ path: field, message: text('servidor.campo.codigoProspecto', { campo: field }) }]);
  return n;
}

/** The application a call refers to, or null (the caller answers "99"). */
export async function loadProspect(svc: Services, body: Record<string, unknown>): Promise<Prospect | null> {
  return findById(svc.db, prospectIdOf(body.codigoProspecto));
}

/** The applicant's document type (DNI by default) and number; a malformed number is a 400 naming `documento`. */
export function checkDocument(body: Record<string, unknown>): { tipoDocumento: number; documento: string } {
  const tipoDocumento = num(body.tipoDocumento) ?? 1;
  const documento = str(body.documento) ?? '';
  const valid = tipoDocumento === 1 ? isDni(documento) : isCe(documento);
  if (!valid)
    throw new BadInput([
      { path: 'documento', message: text(tipoDocumento === 1 ? 'servidor.campo.dni' : 'servidor.campo.ce') },
    ]);
  return { tipoDocumento, documento };
}

/**
 * The vehicle plate of `value`, upper-cased (`abc-123` → `ABC-123`); a malformed one is a 400
 * naming `placa`. Absent (undefined or blank), it answers undefined: the caller decides
 * whether a plate is required.
 */
export function checkPlate(value: unknown): string | undefined {
  const placa = str(value)?.toUpperCase();
  if (placa !== undefined && !isPlate(placa))
    throw new BadInput([{ path: 'placa', message: text('servidor.campo.placa') }]);
  return placa;
}

/**
 * The largest amount the applicant's income can repay over the product's longest term: the
 * instalment the simulation charges (the French instalment at the monthly rate plus the
 * credit-life insurance on the whole amount, `simulate` in credit-math) stays within the
 * capacity, so the simulator's default offer is never refused as above it.
 */
export function maxFinanceable(terms: ProductTerms, ingresoMensual: number | undefined): number {
  if (ingresoMensual === undefined || ingresoMensual <= 0) return terms.montoMaximo;
  const tem = temFromTea(terms.tea);
  const n = Math.max(...terms.plazos);
  const capacity = ingresoMensual * MAX_INSTALMENT_TO_INCOME;
  const k = capacity / (tem / (1 - Math.pow(1 + tem, -n)) + terms.desgravamenMensual);
  return Math.max(0, Math.min(terms.montoMaximo, Math.floor(k / 100) * 100));
}

/** The application as the calls answer it (`prospecto`). */
export function prospectView(p: Prospect, svc: Services): Record<string, unknown> {
  const d = p.data;
  const terms = termsOf(p.codigoProducto, FAMILY_PRODUCT[p.family]);
  const nombres = str(d.nombres) ?? '';
  const apellidos = [str(d.apellidoPaterno), str(d.apellidoMaterno)].filter(Boolean).join(' ');
  return {
    codigoProspecto: p.id,
    estadoProspecto: p.estado,
    codigoProducto: p.codigoProducto,
    tipoDocumento: p.tipoDocumento,
    documento: p.documento,
    nombres,
    apellidoPaterno: str(d.apellidoPaterno) ?? '',
    apellidoMaterno: str(d.apellidoMaterno) ?? '',
    apellidos,
    nombreTitular: [nombres, apellidos].filter(Boolean).join(' '),
    estadoCivil: str(d.estadoCivil) ?? 'NA',
    telefono: str(d.telefono) ?? '',
    correo: str(d.email) ?? str(d.correo) ?? '',
    placa: p.placa ?? '',
    mafmax: maxFinanceable(terms, num(d.ingresoMensual)),
    plazos: plazosText(terms),
    plazoMinimo: Math.min(...terms.plazos),
    plazoMaximo: Math.max(...terms.plazos),
    tipoCambio: TIPO_CAMBIO,
    codigoExpediente: p.codigoExpediente ?? undefined,
    cartaAprobacion: typeof d.cartaAprobacion === 'string' ? d.cartaAprobacion : null,
    converus: typeof d.converus === 'string' ? d.converus : null,
    requiereAval: d.requiereAval === true,
    avalRegistrado: typeof d.aval === 'object' && d.aval !== null,
    avalPendiente: d.requiereAval === true && !(typeof d.aval === 'object' && d.aval !== null),
    urlCarta: `${svc.settings.publicUrl.replace(/\/$/, '')}/kong/reporte/aprobacion/2/${p.id}`,
  };
}

/** A prospect answer: the code field `prospecto.estadoProspecto` plus `estadoProspecto` beside it. */
export function prospectAnswer(
  p: Prospect,
  svc: Services,
  codRes = '00',
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { codRes, estadoProspecto: p.estado, prospecto: prospectView(p, svc), ...extra };
}

/** Pre-evaluation state 24 ("request in process"), which every vehicle flow shows as its in-process modal. */
const IN_PROCESS_STATE = 24;

/**
 * The answer to a pre-evaluation that found an open application the caller does not hold: the
 * in-process state, without the application's id or any of its data.
 */
export function heldElsewhere(): Record<string, unknown> {
  return {
    codRes: '00',
    detalleRespuesta: text('status.solicitudEnProceso'),
    estadoProspecto: IN_PROCESS_STATE,
    prospecto: { estadoProspecto: IN_PROCESS_STATE },
  };
}

/** The answer when the application does not exist. */
export function unknownProspect(): Record<string, unknown> {
  return { codRes: '99', detalleRespuesta: text('vehicle.prospectNotFound') };
}

/** Fields of the request kept on the application (never codes the service decides). */
function keptFields(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) {
    if (
      isServiceFact(k) ||
      k === 'estadoProspecto' ||
      k === 'codigoProspecto' ||
      k === 'tasa' ||
      k === 'archivo' ||
      k.startsWith('imagen')
    )
      continue;
    out[k] = v;
  }
  return out;
}

/**
 * Pre-evaluation: creates the application (or resumes the open one) and answers its state.
 * Semi-new checks the plate first: a delivered plate answers "02" with state −5.
 */
export async function preEvaluate(
  svc: Services,
  body: Record<string, unknown>,
  cfg: FamilyConfig,
): Promise<Record<string, unknown>> {
  const { tipoDocumento, documento } = checkDocument(body);
  const now = svc.clock.now();
  const placa = str(body.placa)?.toUpperCase() ?? null;
  const asked = num(body.codigoProducto);
  // Any whole product code is kept as sent (the terms fall back to the family's product); nonsense is not.
  const codigoProducto =
    asked !== undefined && Number.isInteger(asked) && Math.abs(asked) < 100_000 ? asked : cfg.defaultProduct;
  const existing = await findLatest(svc.db, cfg.family, documento);
  // A closed (39) or refused application is history: applying again opens a new one. One family
  // serves several products (moto's calls: moto, mototaxi, motofurgon, taxi-mujer): an open
  // application of another product is not resumed by this one.
  const open =
    existing &&
    existing.estado !== 39 &&
    !TERMINAL_STATES.has(existing.estado) &&
    (asked === undefined || existing.codigoProducto === codigoProducto)
      ? existing
      : null;
  // The document alone does not resume someone else's application (docs/security.md): a caller
  // who does not hold it is told a request is in process, and nothing of it changes or shows.
  if (open && !(await mayResume(['vehicle'], open.id))) return heldElsewhere();

  const record = tipoDocumento === 1 ? await sandboxProviders.idRegistry.lookup(documento, now) : null;
  const fechaNacimiento = str(body.fechaNacimiento) ?? record?.fechaNacimiento ?? null;
  const identity = record
    ? {
        nombres: record.nombres,
        apellidoPaterno: record.apellidoPaterno,
        apellidoMaterno: record.apellidoMaterno,
        estadoCivil: record.estadoCivil,
        genero: record.genero,
      }
    : {};
  // Resuming keeps the phone and e-mail on file: the codes and links of this application go there.
  const kept = keptFields(body);
  if (open) for (const k of ['telefono', 'celular', 'email', 'correo']) delete kept[k];
  const data = { ...identity, ...kept, ...(fechaNacimiento ? { fechaNacimiento } : {}) };

  if (cfg.semiNew) {
    const plate = semiNewPlateCheck(
      placa,
      placa !== null && (await plateDelivered(svc.db, placa, documento)),
      documento,
    );
    if (plate.codRes === '02') {
      const p = open
        ? await setState(svc.db, open, 'preEvaluation', -5, now, data)
        : await createProspect(
            svc.db,
            { family: cfg.family, codigoProducto, tipoDocumento, documento, placa, estado: -5, data },
            now,
          );
      return prospectAnswer(p, svc, '02', { detalleRespuesta: text('status.placaEntregada') });
    }
  }

  if (!open && (cfg.family === 'consumo' || cfg.semiNew === true)) {
    const saved = await withSavedSimulation(
      svc,
      cfg,
      documento,
      { codigoProducto, tipoDocumento, placa, data },
      now,
    );
    if (saved) return prospectAnswer(saved, svc);
  }

  const estado = serverState('preEvaluation', {
    documento,
    fechaNacimiento,
    now,
    ...(open ? { current: open.estado } : {}),
  });
  const p = open
    ? await setState(svc.db, open, 'preEvaluation', estado, now, data)
    : await createProspect(
        svc.db,
        { family: cfg.family, codigoProducto, tipoDocumento, documento, placa, estado, data },
        now,
      );
  return prospectAnswer(p, svc);
}

/**
 * The scenario row 53000026, a returning consumer or semi-new vehicle applicant: the
 * application as the earlier visit left it, at the simulation (26) with its simulation saved
 * and registered (the product's terms, the amount the declared income allows, 24 months or the
 * middle term). Null for anyone else.
 */
async function withSavedSimulation(
  svc: Services,
  cfg: FamilyConfig,
  documento: string,
  opened: {
    codigoProducto: number;
    tipoDocumento: number;
    placa: string | null;
    data: Record<string, unknown>;
  },
  now: number,
): Promise<Prospect | null> {
  const row = scenarioFor('vehicle', documento, 'savedSimulation');
  if (typeof row?.code !== 'number') return null;
  const terms = termsOf(opened.codigoProducto, cfg.defaultProduct);
  const importe = Math.min(
    maxFinanceable(terms, num(opened.data.ingresoMensual)),
    Math.max(terms.montoMinimo, 5000),
  );
  const q = quote({
    terms,
    precio: 0,
    cuotaInicial: 0,
    importe,
    months: terms.plazos.includes(24) ? 24 : terms.plazos[Math.floor(terms.plazos.length / 2)]!,
    preferente: false,
    rateCapTea: svc.settings.rateCapTea,
    now,
  });
  const p = await createProspect(svc.db, { family: cfg.family, ...opened, documento, estado: row.code }, now);
  await saveSimulation(svc.db, p.id, q, now);
  await registerLatest(svc.db, p.id);
  return p;
}

/**
 * The policy evaluation of an application waiting for it: the scenario row, else the rules
 * over age, income and the credit bureau (approved → 25 pre-approved, observed → 24 pending
 * evaluation, rejected → 23). Other applications are answered as they stand, and so is one the
 * back office moved with the evaluation held (`retenerEvaluacion`: the evaluation engine has
 * not answered yet).
 */
export async function evaluateIfPending(svc: Services, p: Prospect): Promise<Prospect> {
  if (!EVALUABLE_STATES.has(p.estado) || p.data[EVALUATION_HELD] === true) return p;
  const now = svc.clock.now();
  let estado = serverState('policyEvaluation', { documento: p.documento, current: p.estado, now });
  // Only an unforced outcome goes through the rules (the scenario rows are the only way to force one).
  if (estado === 25) {
    const bureau = await sandboxProviders.bureau.report(p.documento);
    const fecha = str(p.data.fechaNacimiento);
    const ingreso = num(p.data.ingresoMensual);
    const result = evaluatePolicies({
      age: fecha ? ageAt(fecha, now) : 30,
      tipoDocumento: p.tipoDocumento,
      bureau,
      ...(ingreso !== undefined ? { ingresoMensual: ingreso } : {}),
    });
    estado = result.resultado === 1 ? 25 : result.resultado === 3 ? 23 : 24;
  }
  return setState(svc.db, p, 'policyEvaluation', estado, now, {
    evaluadoEn: new Date(now).toISOString(),
    requiereAval: estado === 25 && guarantorRequired(p.documento),
  });
}

/** Whether the policy evaluation asks this applicant for a guarantor (the scenario rows `55…`). */
export function guarantorRequired(documento: string): boolean {
  const row =
    scenarioFor('vehicle', documento, 'guarantorRequired') ?? scenarioFor('vehicle', documento, 'guarantor');
  return row?.extra?.requiereAval === true;
}

/** The prospect lookup (consultarProspecto, consultar/): by code, else the newest of the document; runs a pending evaluation. */
export async function lookupVehicleProspect(
  svc: Services,
  body: Record<string, unknown>,
): Promise<Record<string, unknown> | null> {
  let p: Prospect | null;
  if (body.codigoProspecto !== undefined && body.codigoProspecto !== '') {
    p = await findById(svc.db, prospectIdOf(body.codigoProspecto));
  } else {
    const documento = str(body.documento);
    if (!documento)
      throw new BadInput([{ path: 'documento', message: 'Indique el documento o el código del prospecto' }]);
    const { rows } = await svc.db.query<{ id: number | string }>(
      'SELECT id FROM vehicle_prospects WHERE documento = $1 ORDER BY id DESC LIMIT 1',
      [documento],
    );
    p = rows[0] ? await findById(svc.db, Number(rows[0].id)) : null;
  }
  if (!p) return null;
  p = await evaluateIfPending(svc, p);
  return prospectView(p, svc);
}

/** Economic profile defaults of the spec (§9): sector 28, activity 338, profession 37. */
const PROFILE_DEFAULTS = {
  sectorEconomico: 28,
  actividadEconomica: 338,
  profesion: 37,
  nivelEducacion: 'SC',
  tipoCliente: 1,
  usoVehiculo: 1,
} as const;

/** Personal data: stores the applicant's data and answers the step's state. */
export async function personalData(
  svc: Services,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const p = await loadProspect(svc, body);
  if (!p) return unknownProspect();
  const now = svc.clock.now();
  const ingreso = body.ingresoMensual;
  if (ingreso !== undefined && !(num(ingreso)! >= 0))
    throw new BadInput([
      { path: 'ingresoMensual', message: 'El ingreso mensual debe ser un importe en soles' },
    ]);
  const data: Record<string, unknown> = { ...PROFILE_DEFAULTS, ...keptFields(body) };
  for (const k of Object.keys(PROFILE_DEFAULTS) as (keyof typeof PROFILE_DEFAULTS)[])
    if (body[k] === undefined || body[k] === '') data[k] = p.data[k] ?? PROFILE_DEFAULTS[k];
  const estado = serverState('personalData', { documento: p.documento, current: p.estado, now });
  const next = await setState(svc.db, p, 'personalData', estado, now, data);
  return prospectAnswer(next, svc);
}

/**
 * Documents (or the consumer's final data): stores what came and answers the step's state. An
 * upload (`upload`) may meet the scenario row 54000055, which holds the application (−5) once
 * its final data was accepted.
 */
export async function documentsStep(
  svc: Services,
  p: Prospect,
  data: Record<string, unknown>,
  upload = false,
): Promise<Record<string, unknown>> {
  const now = svc.clock.now();
  const held = upload ? scenarioFor('vehicle', p.documento, 'documentUpload')?.code : undefined;
  const estado =
    typeof held === 'number'
      ? held
      : serverState('documents', { documento: p.documento, current: p.estado, now });
  const next = await setState(svc.db, p, 'documents', estado, now, data);
  return prospectAnswer(next, svc);
}

/** States the documents step leaves an application in that may close (−5 and rejections may not). */
const READY_FOR_FINAL = new Set([26, 30, 34, 90, 39]);

/**
 * Final state change: the credit-bureau check (converus) and whether an approval letter exists
 * are stored; consumer and semi-new applications move to 39 (final).
 */
export async function finalState(
  svc: Services,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const p = await loadProspect(svc, body);
  if (!p) return unknownProspect();
  const { rows: done } = await svc.db.query(
    "SELECT 1 FROM vehicle_prospect_events WHERE prospect_id = $1 AND step = 'documents' LIMIT 1",
    [p.id],
  );
  if (done.length === 0 || !READY_FOR_FINAL.has(p.estado)) {
    return { ...prospectAnswer(p, svc, '99'), detalleRespuesta: text('vehicle.documentsPending') };
  }
  const now = svc.clock.now();
  const bureau = await sandboxProviders.bureau.report(p.documento);
  const converus =
    bureau.score >= 500 && bureau.deudas.every((d) => d.diasAtraso <= 30) ? 'APROBADO' : 'OBSERVADO';
  const { rows } = await svc.db.query('SELECT 1 FROM vehicle_letters WHERE prospect_id = $1 LIMIT 1', [p.id]);
  const base = svc.settings.publicUrl.replace(/\/$/, '');
  const cartaAprobacion = rows.length > 0 ? `${base}/kong/reporte/aprobacion/2/${p.id}` : null;
  const estado = p.family === 'moto' || p.family === 'moto-honda' || p.family === 'taxi' ? p.estado : 39;
  const next = await setState(svc.db, p, 'finalState', estado, now, {
    converus,
    estadoConverus: converus,
    cartaAprobacion,
    estadoFinalEn: new Date(now).toISOString(),
  });
  return prospectAnswer(next, svc);
}

/** A rejected applicant asks to be contacted. */
export async function contactIntent(
  svc: Services,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const id = body.codigoProspecto !== undefined ? prospectIdOf(body.codigoProspecto) : null;
  const p = id !== null ? await findById(svc.db, id) : null;
  const documento = p?.documento ?? str(body.documento);
  if (!documento)
    throw new BadInput([
      { path: 'codigoProspecto', message: 'Indique el código del prospecto o el documento' },
    ]);
  await svc.db.query(
    'INSERT INTO vehicle_contact_requests (prospect_id, documento, telefono, created_at) VALUES ($1, $2, $3, $4)',
    [
      p?.id ?? null,
      documento,
      [str(body.telefono), str(p?.data.telefono)].find((t) => t !== undefined && /^9\d{8}$/.test(t)) ?? null,
      new Date(svc.clock.now()).toISOString(),
    ],
  );
  return { codRes: '00', detalleRespuesta: text('status.asesorContactara') };
}
