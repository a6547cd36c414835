/**
 * Taxi and vehicle calls through server steps (spec 001 §7 "Taxi and vehicle"): the customer
 * check of `prospectos?paso=0` (SCENARIOS.md "Taxi and vehicle flow"), the prospect, vehicle
 * and documents steps with the five document images, the admission/quota/simulator scores,
 * personal data per product, SOAT emission and the taxi letters.
 *
 * The SOAT variant: an applicant whose taxi has no current SOAT asks for one in the vehicle
 * step (`emitirSoat`). Their documents are the four others (the policy is emitted here, not
 * photographed), and once the file is complete the flow moves one step, to the emission
 * (`taxi.emitSoat`), instead of two straight to the letter.
 */
import { BadInput, type Handler, type HandlerMap, type Services } from '../types.ts';
import { sandboxProviders } from '../../domain/providers/sandbox-providers.ts';
import { ageAt } from '../../domain/providers/id-registry.ts';
import { taxiCustomerCheck, TAXI_NEW_STATE, TERMINAL_STATES } from '../../domain/vehicle-states.ts';
import { mayResume } from '../../resume-guard.ts';
import { isServiceFact } from '../../service-facts.ts';
import { letterReply } from '../../domain/vehicle/letter-steps.ts';
import { termsOf } from '../../domain/vehicle/product-terms.ts';
import {
  createProspect,
  findById,
  findLatest,
  setState,
  updateProspect,
  type Prospect,
} from '../../domain/vehicle/prospects.ts';
import { PREFERENTIAL_SCORE, simulateConditions } from '../../domain/vehicle/simulation-steps.ts';
import { quote } from '../../domain/vehicle/simulations.ts';
import { findPolicy, renderSoatCertificate, sandboxSoat } from '../../domain/vehicle/soat.ts';
import {
  checkDocument,
  checkPlate,
  maxFinanceable,
  personalData,
  prospectAnswer,
  prospectIdOf,
  TAXI,
} from '../../domain/vehicle/steps.ts';
import {
  checkUpload,
  listUploads,
  saveUpload,
  TAXI_DOCUMENT_SLOTS,
  type TaxiDocumentSlot,
} from '../../domain/vehicle/uploads.ts';
import { text } from '../../texts.ts';
import { scenarioFor } from '../scenarios.ts';

/** Defaults of the vehicle flow (spec 000 §3 "Vehicle/taxi prospect", §9). */
export const TAXI_DEFAULTS = {
  canal: 2,
  numeroAsientos: 4,
  tipoEvaluacion: 6,
  tipoSimulacion: 1,
  canalColocacion: 4,
  tipoSeguroDesgravamen: 1,
  diasHabiles: true,
} as const;

const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined;
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** The product code of the call when it is a sensible whole number, else the taxi product. */
function productOf(v: unknown): number {
  const n = num(v);
  return n !== undefined && Number.isInteger(n) && Math.abs(n) < 100_000 ? n : TAXI.defaultProduct;
}

/** The five document images as base64 ("" for a slot not uploaded yet). */
async function documentImages(
  svc: Services,
  prospectId: number | null,
): Promise<Record<TaxiDocumentSlot, string>> {
  const out = Object.fromEntries(TAXI_DOCUMENT_SLOTS.map((s) => [s, ''])) as Record<TaxiDocumentSlot, string>;
  if (prospectId === null) return out;
  const { rows } = await svc.db.query<{ kind: string; content: Uint8Array }>(
    'SELECT DISTINCT ON (kind) kind, content FROM vehicle_uploads WHERE prospect_id = $1 AND kind = ANY($2) ORDER BY kind, id DESC',
    [prospectId, [...TAXI_DOCUMENT_SLOTS]],
  );
  for (const r of rows) out[r.kind as TaxiDocumentSlot] = Buffer.from(r.content).toString('base64');
  return out;
}

const STEP_DETAIL: Readonly<Record<string, string>> = {
  '00': 'vehicle.customerChecked',
  '01': 'vehicle.customerInProcess',
  '99': 'error.userLookup',
  '98': 'vehicle.customerCheckFailed',
};

/** Paso 0: the customer check; a new or open prospect is registered with the answered state. */
const step0: Handler = async (req, svc) => {
  const { tipoDocumento, documento } = checkDocument(req.body);
  const placa = checkPlate(req.body.placa) ?? null;
  const now = svc.clock.now();
  // Only its holder resumes an application by document (docs/security.md): anyone else is told
  // the customer has a request in process, and nothing of it changes or shows; a closed one held
  // by someone else is history, and the caller opens a new one. Asked before the transaction
  // (the holdings are read on the service's own connection).
  const before = await findLatest(svc.db, 'taxi', documento);
  const heldByCaller = before !== null && (await mayResume(['vehicle'], before.id));
  // One open application per document: concurrent checks of one DNI take turns (an advisory
  // lock, held to the end of the transaction, across instances too), so they open one.
  const { check, p } = await svc.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`taxi|${documento}`]);
    const latest = await findLatest(tx, 'taxi', documento);
    // One opened a moment ago by a concurrent check is held by nobody yet: it is resumed.
    const mine = latest !== null && (latest.id !== before?.id || heldByCaller);
    if (latest && !mine && !TERMINAL_STATES.has(latest.estado))
      return { check: { codigoRespuesta: '01', codigoEstado: null } as const, p: null };
    const existing = mine ? latest : null;
    const check = taxiCustomerCheck(
      documento,
      existing ? { estado: existing.estado, paso: existing.paso } : null,
    );
    let p: Prospect | null = existing;
    if (check.codigoRespuesta === '00') {
      const estado = check.codigoEstado ?? TAXI_NEW_STATE;
      const data = {
        ...TAXI_DEFAULTS,
        ...Object.fromEntries(Object.entries(req.body).filter(([k]) => !isServiceFact(k))),
        ...(req.promoter
          ? {
              codigoEntidad: req.promoter.codigoEntidad,
              codigoUsuario: req.promoter.codigoUsuario,
              nombreUsuario: req.promoter.nombreUsuario,
            }
          : {}),
      };
      p = existing
        ? await setState(tx, existing, 'customerCheck', estado, now, data)
        : await createProspect(
            tx,
            {
              family: 'taxi',
              codigoProducto: productOf(req.body.codigoProducto),
              tipoDocumento,
              documento,
              placa,
              estado,
              data,
            },
            now,
          );
    }
    return { check, p };
  });
  const images = await documentImages(
    svc,
    check.codigoRespuesta === '00' || check.codigoRespuesta === '01' ? (p?.id ?? null) : null,
  );
  return {
    body: {
      codigoRespuesta: check.codigoRespuesta,
      // Only when there is a state to name (the schema has no null for it).
      ...(check.codigoEstado !== null ? { codigoEstado: check.codigoEstado } : {}),
      detalleRespuesta: text(STEP_DETAIL[check.codigoRespuesta] ?? 'error.userLookup'),
      ...(p && (check.codigoRespuesta === '00' || check.codigoRespuesta === '01')
        ? { codigoProspecto: p.id }
        : {}),
      ...images,
    },
  };
};

async function stepProspect(svc: Services, body: Record<string, unknown>): Promise<Prospect | null> {
  return findById(svc.db, prospectIdOf(body.codigoProspecto));
}

/** Whether the applicant asked for the SOAT to be emitted with the credit (the SOAT variant). */
export function wantsSoat(p: Prospect): boolean {
  return p.data.emitirSoat === true || p.data.emitirSoat === 'true';
}

/** The document images the file needs: the SOAT variant does not photograph a SOAT it will be emitted. */
export function requiredSlots(p: Prospect): readonly TaxiDocumentSlot[] {
  return wantsSoat(p) ? TAXI_DOCUMENT_SLOTS.filter((s) => s !== 'imagenSoat') : TAXI_DOCUMENT_SLOTS;
}

const missing = {
  body: { codigoRespuesta: '99', detalleRespuesta: text('vehicle.prospectNotFound') },
};

/**
 * A server step over an open prospect: state 9 advances (the step is recorded), any other
 * state is answered as it is and the flow goes back to step 1 with modal 8.
 */
async function advance(
  svc: Services,
  p: Prospect,
  paso: number,
  data: Record<string, unknown>,
): Promise<{ body: Record<string, unknown> }> {
  if (p.estado !== TAXI_NEW_STATE)
    return {
      body: {
        codigoRespuesta: '00',
        codigoEstado: p.estado,
        codigoProspecto: p.id,
        detalleRespuesta: text('vehicle.stateBlocked'),
      },
    };
  const next = await updateProspect(svc.db, p, { paso: Math.max(p.paso, paso), data }, svc.clock.now());
  return {
    body: {
      codigoRespuesta: '00',
      codigoEstado: next.estado,
      codigoProspecto: next.id,
      detalleRespuesta: text('vehicle.dataSaved'),
      ...(await documentImages(svc, next.id)),
    },
  };
}

/** A birth date sent with the applicant's data must be a date and an adult's. */
function checkBirthDate(body: Record<string, unknown>, now: number): void {
  const fecha = str(body.fechaNacimiento);
  if (fecha === undefined) return;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(fecha))
    throw new BadInput([{ path: 'fechaNacimiento', message: 'Fecha de nacimiento con formato AAAA-MM-DD' }]);
  if (ageAt(fecha, now) < 18)
    throw new BadInput([{ path: 'fechaNacimiento', message: 'El solicitante debe ser mayor de edad' }]);
}

/** Paso 1: the applicant's data (adults only). */
const step1: Handler = async (req, svc) => {
  const p = await stepProspect(svc, req.body);
  if (!p) return missing;
  checkBirthDate(req.body, svc.clock.now());
  const { codigoProspecto: _c, ...data } = req.body;
  return advance(svc, p, 1, data);
};

/**
 * `registro/adicional/taxi`: the taxi applicant's personal data. An application opened by the
 * customer check of the server steps (family taxi: /taxi-profesional) records them as its
 * step 1 and keeps its state, answering `codigoEstado` as the server steps do (9 goes on) beside
 * the application; any other (taxi-mujer, which runs on the prospect calls) moves by the
 * personal-data table of the vehicle states.
 */
const registerAdditionalTaxi: Handler = async (req, svc) => {
  const p = await stepProspect(svc, req.body);
  if (p?.family !== 'taxi') return { body: await personalData(svc, req.body) };
  checkBirthDate(req.body, svc.clock.now());
  const data = Object.fromEntries(
    Object.entries(req.body).filter(([k]) => k !== 'codigoProspecto' && !isServiceFact(k)),
  );
  const step = await advance(svc, p, 1, data);
  const now = (await findById(svc.db, p.id))!;
  return { body: { ...prospectAnswer(now, svc), ...step.body } };
};

/** Paso 2: the vehicle (plate, year, make and model) and whether the SOAT is to be emitted. */
const step2: Handler = async (req, svc) => {
  const p = await stepProspect(svc, req.body);
  if (!p) return missing;
  const placa = checkPlate(req.body.placa);
  const anio = num(req.body.anioFabricacion);
  const thisYear = new Date(svc.clock.now()).getUTCFullYear();
  if (anio !== undefined && (anio < 1990 || anio > thisYear + 1))
    throw new BadInput([
      { path: 'anioFabricacion', message: `El año de fabricación debe estar entre 1990 y ${thisYear + 1}` },
    ]);
  const { codigoProspecto: _c, ...data } = req.body;
  if (placa !== undefined && p.estado === TAXI_NEW_STATE)
    await updateProspect(svc.db, p, { placa }, svc.clock.now());
  const fresh = (await findById(svc.db, p.id))!;
  const emitirSoat = req.body.emitirSoat === true || req.body.emitirSoat === 'true';
  return advance(svc, fresh, 2, {
    ...data,
    emitirSoat,
    numeroAsientos: num(req.body.numeroAsientos) ?? TAXI_DEFAULTS.numeroAsientos,
  });
};

/**
 * Paso 3: documents. Images sent with the call are checked (size, type) and stored; once the
 * required ones are there (five, or four in the SOAT variant) the file number
 * (codigoExpediente) is issued. Missing images answer "01" with state 11 and their names.
 */
const step3: Handler = async (req, svc) => {
  const p = await stepProspect(svc, req.body);
  if (!p) return missing;
  if (p.estado !== TAXI_NEW_STATE)
    return {
      body: {
        codigoRespuesta: '00',
        codigoEstado: p.estado,
        codigoProspecto: p.id,
        detalleRespuesta: text('vehicle.stateBlocked'),
      },
    };
  const now = svc.clock.now();
  for (const slot of TAXI_DOCUMENT_SLOTS) {
    const v = req.body[slot];
    if (typeof v === 'string' && v !== '') {
      const checked = checkUpload({ kind: slot, filename: `${slot}`, contentType: '', base64: v }, slot);
      await saveUpload(svc.db, p.id, checked, now);
    }
  }
  const have = new Set((await listUploads(svc.db, p.id)).map((u) => u.kind));
  // A scenario identity whose photo of one document cannot be read: that document still counts as missing.
  const ilegible = scenarioFor('taxiSteps', p.documento, 'taxiDocuments')?.extra?.ilegible;
  if (typeof ilegible === 'string') have.delete(ilegible);
  const faltantes = requiredSlots(p).filter((s) => !have.has(s));
  const emitirSoat = wantsSoat(p);
  if (faltantes.length > 0) {
    return {
      body: {
        codigoRespuesta: '01',
        codigoEstado: 11,
        codigoProspecto: p.id,
        detalleRespuesta: text('vehicle.documentsMissing'),
        faltantes,
        emitirSoat,
      },
    };
  }
  const codigoExpediente =
    p.codigoExpediente ?? `EXP-${new Date(now).getUTCFullYear()}-${String(p.id).padStart(7, '0')}`;
  const next = await updateProspect(svc.db, p, { paso: 3, codigoExpediente }, now);
  return {
    body: {
      codigoRespuesta: '00',
      codigoEstado: next.estado,
      codigoProspecto: next.id,
      codigoExpediente,
      emitirSoat,
      detalleRespuesta: text('vehicle.documentsSaved'),
    },
  };
};

/**
 * SOAT emission (the SOAT variant): once the file is complete, the insurer emits the policy
 * for the taxi's plate; asking again answers the same policy. "99" when there is nothing to
 * emit for: no file yet, no SOAT asked for, or no plate.
 */
const emitSoat: Handler = async (req, svc) => {
  const p = await stepProspect(svc, req.body);
  if (!p) return missing;
  const refuse = (key: string) => ({
    body: { codigoRespuesta: '99', codigoProspecto: p.id, detalleRespuesta: text(key) },
  });
  if (p.codigoExpediente === null) return refuse('vehicle.documentsPending');
  if (!wantsSoat(p)) return refuse('vehicle.soatNotRequested');
  const placa = p.placa ?? str(p.data.placa);
  if (!placa) return refuse('vehicle.soatNoPlate');
  const now = svc.clock.now();
  const clase = str(p.data.claseVehiculo);
  const soat = await sandboxSoat(svc.db).emit(
    {
      prospectId: p.id,
      placa,
      documento: p.documento,
      numeroAsientos: num(p.data.numeroAsientos) ?? TAXI_DEFAULTS.numeroAsientos,
      ...(clase ? { claseVehiculo: clase } : {}),
    },
    now,
  );
  await updateProspect(
    svc.db,
    p,
    { data: { numeroPoliza: soat.numeroPoliza, urlEmision: soat.urlEmision } },
    now,
  );
  return {
    body: {
      codigoRespuesta: '00',
      codigoProspecto: p.id,
      numeroPoliza: soat.numeroPoliza,
      urlEmision: soat.urlEmision,
      vigenciaDesde: soat.jsonEmision.vigenciaDesde,
      vigenciaHasta: soat.jsonEmision.vigenciaHasta,
      detalleRespuesta: text('vehicle.soatEmitted'),
    },
  };
};

/** The policy certificate (PDF) of an application's emitted SOAT; 404 JSON when there is none. */
const soatPolicy: Handler = async (req, svc) => {
  const p = await findById(svc.db, prospectIdOf(req.params.data, 'data'));
  if (!p)
    return {
      status: 404,
      body: { codigoRespuesta: '99', detalleRespuesta: text('vehicle.prospectNotFound') },
    };
  const policy = await findPolicy(svc.db, p.id);
  if (!policy)
    return { status: 404, body: { codigoRespuesta: '99', detalleRespuesta: text('vehicle.soatNotFound') } };
  const titular =
    [p.data.nombres, p.data.apellidoPaterno, p.data.apellidoMaterno]
      .filter((x): x is string => typeof x === 'string' && x !== '')
      .join(' ') || `Titular del documento ${p.documento}`;
  return { status: 200, body: await renderSoatCertificate(policy, titular), contentType: 'application/pdf' };
};

/** Lowest bureau score admitted (evaluation type 6). */
export const TAXI_MIN_SCORE = 500;

const scoreAdmission: Handler = async (req, svc) => {
  const p = await stepProspect(svc, req.body);
  if (!p) return missing;
  const report = await sandboxProviders.bureau.report(p.documento);
  const terms = termsOf(p.codigoProducto, TAXI.defaultProduct);
  const admitido = report.score >= TAXI_MIN_SCORE && report.deudas.every((d) => d.diasAtraso <= 30);
  const importeMaximo = admitido
    ? maxFinanceable(terms, num(req.body.ingresoMensual) ?? num(p.data.ingresoMensual))
    : 0;
  await updateProspect(
    svc.db,
    p,
    { data: { score: report.score, admitido, importeMaximo } },
    svc.clock.now(),
  );
  return {
    body: {
      codigoRespuesta: '00',
      score: report.score,
      resultado: admitido ? 1 : 3,
      tipoEvaluacion: num(req.body.tipoEvaluacion) ?? TAXI_DEFAULTS.tipoEvaluacion,
      importeMaximo,
      detalleRespuesta: text(admitido ? 'vehicle.clientAdmitted' : 'vehicle.clientNotAdmitted'),
    },
  };
};

const scoreQuota: Handler = async (req, svc) => {
  const p = await stepProspect(svc, req.body);
  if (!p) return missing;
  const terms = termsOf(p.codigoProducto, TAXI.defaultProduct);
  const importe = num(req.body.importeFinanciar) ?? num(p.data.importeFinanciar) ?? terms.montoMinimo;
  const months = num(req.body.numeroCuotas) ?? 36;
  try {
    const q = quote({
      terms,
      precio: 0,
      cuotaInicial: 0,
      importe,
      months,
      // The rate the simulation gave this applicant: the quota checked is the one they were shown.
      preferente: (await sandboxProviders.bureau.report(p.documento)).score >= PREFERENTIAL_SCORE,
      rateCapTea: svc.settings.rateCapTea,
      now: svc.clock.now(),
    });
    const ingreso = num(req.body.ingresoMensual) ?? num(p.data.ingresoMensual);
    const cuotaMaxima = ingreso !== undefined ? Math.floor(ingreso * 0.4 * 100) / 100 : null;
    const report = await sandboxProviders.bureau.report(p.documento);
    return {
      body: {
        codigoRespuesta: '00',
        score: report.score,
        importeCuotas: q.cuota,
        cuotaMaxima,
        cumpleCapacidad:
          scenarioFor('taxiSteps', p.documento, 'scoreQuota')?.extra?.cumpleCapacidad === false
            ? false
            : cuotaMaxima === null || q.cuota <= cuotaMaxima,
      },
    };
  } catch (err) {
    return {
      body: {
        codigoRespuesta: '99',
        detalleRespuesta: err instanceof Error ? err.message : text('vehicle.quotaFailed'),
      },
    };
  }
};

/**
 * The modal state (`condicion`) a taxi simulation sets (spec 000 §4 "Consumer approvals and
 * letters": credit conditions come from the simulation; a `condicion` value sets a modal
 * state in taxi flows): 12 when the applicant's bureau score earns the preferential rate, so
 * the simulator tells them their rate went down from the list rate (`pr_teaact`) to theirs
 * (`pr_teanue`). No `condicion` when the list rate applies.
 */
export const CONDICION_TASA_PREFERENTE = 12;

const scoreSimulator: Handler = async (req, svc) => {
  const answer = await simulateConditions(svc, req.body, TAXI);
  const { codRes, ...rest } = answer;
  const cond = (
    answer.simulacion as { condicionSimulacion?: { pr_teaact: number; pr_teanue: number } } | undefined
  )?.condicionSimulacion;
  return {
    body: {
      codigoRespuesta: codRes,
      tipoSimulacion: num(req.body.tipoSimulacion) ?? TAXI_DEFAULTS.tipoSimulacion,
      ...rest,
      ...(cond && cond.pr_teanue < cond.pr_teaact ? { condicion: CONDICION_TASA_PREFERENTE } : {}),
    },
  };
};

const attachedFiles: Handler = async (req, svc) => {
  const p = await findById(svc.db, prospectIdOf(req.params.data, 'data'));
  if (!p) return { body: { codRes: '99', detalleRespuesta: text('vehicle.prospectNotFound'), data: [] } };
  const files = await listUploads(svc.db, p.id);
  return {
    body: {
      codRes: '00',
      data: files.map((f) => ({
        codigoArchivo: f.id,
        tipo: f.kind,
        nombreArchivo: f.filename,
        contentType: f.contentType,
        tamano: f.size,
      })),
    },
  };
};

/** Handlers by endpoint id. */
export const handlers: HandlerMap = {
  'taxi.step0': step0,
  'taxi.step1': step1,
  'taxi.step2': step2,
  'taxi.step3': step3,
  'taxi.emitSoat': emitSoat,
  'taxi.soatPolicy': soatPolicy,
  'taxi.scoreAdmission': scoreAdmission,
  'taxi.scoreQuota': scoreQuota,
  'taxi.scoreSimulator': scoreSimulator,
  'taxi.registerAdditional': registerAdditionalTaxi,
  'taxi.registerAdditionalMototaxi': async (req, svc) => ({ body: await personalData(svc, req.body) }),
  'taxi.registerAdditionalMotofurgon': async (req, svc) => ({ body: await personalData(svc, req.body) }),
  'taxi.letterTaxi': (req, svc) => letterReply(svc, req.params.data, () => 'taxi'),
  'taxi.letterEntrepreneur': (req, svc) => letterReply(svc, req.params.data, () => 'taxi-emprendedor'),
  'taxi.letterMotofurgon': (req, svc) => letterReply(svc, req.params.data, () => 'motofurgon'),
  'taxi.letterMototaxi': (req, svc) => letterReply(svc, req.params.data, () => 'mototaxi'),
  'taxi.attachedFiles': attachedFiles,
};
