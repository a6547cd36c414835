/**
 * The prospect state machines of the vehicle, consumer, taxi and conversion products
 * (spec 000 §4), as data. Two kinds of table live here:
 *
 * - **Routes** (`ROUTES`): for each family and step, which screen each answered state leads to,
 *   exactly as the spec lists them. The flows implement these; the service uses them to know
 *   which states a step may legitimately answer and to refuse a step the prospect cannot take.
 * - **Server steps** (`serverState`): the state the service answers at each step: the
 *   scenario rows of SCENARIOS.md first (`500000SS`, `590000NN`, `51…` to `54…`), then the
 *   real rules (under 18 → −2; a terminal state stays terminal), then the step's happy state.
 */
import { scenarioFor, vehiclePreEvaluationState, VEHICLE_UNLISTED_STATE } from '../sandbox/scenarios.ts';

/** The state-machine families: moto (moto, moto-honda) and the used-vehicle/consumer table (consumo, consumo-alfin, seminuevo, mototaxi, motofurgon, taxi, quoters). */
export type VehicleFamily = 'moto' | 'consumo';

/** The steps whose answer carries an `estadoProspecto`. */
export type VehicleStep = 'preEvaluation' | 'policyEvaluation' | 'personalData' | 'simulation' | 'documents';

/** Where an answered state leads (the spec's screen names). */
export type Screen =
  | 'policyEvaluation'
  | 'personalData'
  | 'simulation'
  | 'documents'
  | 'submissionConfirmation'
  | 'creditApproval'
  | 'rejection'
  /** 'Ya tienes una solicitud en proceso' and the like. */
  | 'modalInProcess'
  /** Modal with the disabled-office image (moto −6). */
  | 'modalOfficeClosed'
  /** 'Nos comunicaremos sobre el resultado de tu evaluación', then the flow resets. */
  | 'modalThenReset'
  /** A message modal for −1, −2, −3 (and −5 in used vehicle). */
  | 'modalMessage'
  /** Consumer: the final personal data step (10) between simulation and documents. */
  | 'personalDataFinal';

type RouteTable = Readonly<Record<VehicleStep, Readonly<Record<number, Screen>>>>;

const table = (
  entries: readonly (readonly [readonly number[], Screen])[],
): Readonly<Record<number, Screen>> => {
  const out: Record<number, Screen> = {};
  for (const [states, screen] of entries) for (const s of states) out[s] = screen;
  return out;
};

/** Used vehicle, consumer, mototaxi, taxi, quoter and partner variant (spec 000 §4). */
const CONSUMO_ROUTES: RouteTable = {
  preEvaluation: table([
    [[0], 'policyEvaluation'],
    [[23, 25, 93], 'personalData'],
    [[26, 39], 'simulation'],
    [[91], 'rejection'],
    [[30], 'documents'],
    [[24, 27, 34, 92], 'modalInProcess'],
    [[-1, -2, -3, -5], 'modalMessage'],
  ]),
  policyEvaluation: table([
    [[23], 'rejection'],
    [[24], 'modalThenReset'],
    [[25], 'personalData'],
  ]),
  personalData: table([
    [[23], 'rejection'],
    [[24], 'modalInProcess'],
    [[25, 26, 90], 'simulation'],
  ]),
  // Used vehicle and taxi go to documents; consumer goes to the final data step first.
  simulation: table([[[26, 90], 'documents']]),
  documents: table([
    [[26, 30, 34, 90], 'submissionConfirmation'],
    [[-5], 'modalMessage'],
  ]),
};

/** Motorcycle (spec 000 §4 "Motorcycle"). */
const MOTO_ROUTES: RouteTable = {
  preEvaluation: table([
    [[0, 23, 12, 28], 'policyEvaluation'],
    [[25], 'personalData'],
    [[26, 90], 'simulation'],
    [[27], 'creditApproval'],
    [[24, 34, 29, 30, 31, 32, 33, 10, 11], 'modalInProcess'],
    [[-6], 'modalOfficeClosed'],
    [[-1, -2, -3], 'modalMessage'],
  ]),
  policyEvaluation: table([
    [[23], 'rejection'],
    [[24], 'modalThenReset'],
    [[25], 'personalData'],
  ]),
  personalData: table([
    [[23], 'rejection'],
    [[24], 'modalInProcess'],
    [[26, 90], 'simulation'],
  ]),
  simulation: table([
    [[30, 26], 'creditApproval'],
    [[90], 'documents'],
  ]),
  documents: table([[[90], 'creditApproval']]),
};

/** The routes of each family. */
export const ROUTES: Readonly<Record<VehicleFamily, RouteTable>> = {
  moto: MOTO_ROUTES,
  consumo: CONSUMO_ROUTES,
};

/** Where `state` leads after `step` in `family`, or undefined when the spec lists no such answer. */
export function routeOf(family: VehicleFamily, step: VehicleStep, state: number): Screen | undefined {
  return ROUTES[family][step][state];
}

/**
 * The step a prospect in `state` may take next, from the pre-evaluation routes (the screen the
 * flow shows when it resumes). A prospect in a modal or rejection state may take none.
 */
export function nextStepOf(family: VehicleFamily, state: number): VehicleStep | null {
  const screen = routeOf(family, 'preEvaluation', state);
  switch (screen) {
    case 'policyEvaluation':
      return 'policyEvaluation';
    case 'personalData':
      return 'personalData';
    case 'simulation':
      return 'simulation';
    case 'documents':
      return 'documents';
    default:
      return null;
  }
}

/**
 * States after which nothing more happens to the application: refusals. (23 is not among
 * them: at pre-evaluation it sends the applicant back through evaluation or personal data.)
 */
export const TERMINAL_STATES: ReadonlySet<number> = new Set([91, -1, -2, -3, -5, -6]);

/** The states a step may answer, from both families' routes plus the pre-evaluation scenario range. */
export function statesOf(family: VehicleFamily, step: VehicleStep): number[] {
  return Object.keys(ROUTES[family][step]).map(Number);
}

/** What the service knows when it decides a step's state. */
export interface StepInput {
  documento: string;
  /** `YYYY-MM-DD`, when the request carries it. */
  fechaNacimiento?: string | null;
  /** The prospect's state before this step (pre-evaluation of a new prospect: undefined). */
  current?: number;
  /** Now, from the service clock (ms). */
  now: number;
}

/** Whole years between a `YYYY-MM-DD` birth date and `now`; null when the date cannot be read. */
export function ageOn(fechaNacimiento: string, now: number): number | null {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})/.exec(fechaNacimiento) ?? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(fechaNacimiento);
  if (!m) return null;
  const [y, mo, d] = m[0].includes('/')
    ? [Number(m[3]), Number(m[2]), Number(m[1])]
    : [Number(m[1]), Number(m[2]), Number(m[3])];
  const today = new Date(now);
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** Minimum age to apply (the −2 "minor or invalid ID" state below it). */
export const MINIMUM_AGE = 18;

/**
 * The state the service answers at `step`. Order: the scenario rows (forced outcomes), the
 * real rules (under 18 → −2 at pre-evaluation; a terminal state stays as it is), then the
 * state the step reaches on the happy path.
 */
export function serverState(step: VehicleStep, input: StepInput): number {
  if (step === 'preEvaluation') {
    const forced = vehiclePreEvaluationState(input.documento);
    if (forced !== undefined) return forced;
    if (input.fechaNacimiento) {
      const age = ageOn(input.fechaNacimiento, input.now);
      if (age !== null && age < MINIMUM_AGE) return -2;
    }
    // A returning applicant resumes where the application stands.
    return input.current ?? VEHICLE_UNLISTED_STATE.preEvaluation;
  }
  const row = scenarioFor('vehicle', input.documento, step);
  if (row && typeof row.code === 'number') return row.code;
  if (input.current !== undefined && TERMINAL_STATES.has(input.current)) return input.current;
  return VEHICLE_UNLISTED_STATE[step];
}

/**
 * The semi-new plate check: a plate already delivered answers code "02" and state −5. The
 * scenario rows name the plate (`ZZZ-999`) or the applicant's DNI, whatever plate they give.
 */
export function semiNewPlateCheck(
  placa: string | null | undefined,
  deliveredElsewhere: boolean,
  documento?: string,
): { codRes: '00' | '02'; estado?: number } {
  const p = (placa ?? '').trim().toUpperCase();
  const row =
    (p
      ? (scenarioFor('vehicle', p, 'semiNewPlate') ??
        scenarioFor('vehicle', p.replace(/^([A-Z0-9]{3})(\d{3})$/, '$1-$2'), 'semiNewPlate'))
      : undefined) ??
    (documento !== undefined ? scenarioFor('vehicle', documento, 'semiNewPlate') : undefined);
  if (row || deliveredElsewhere) return { codRes: '02', estado: -5 };
  return { codRes: '00' };
}

// ---------------------------------------------------------------------------------------
// Taxi and vehicle flow through server steps (`prospectos?paso=N`)
// ---------------------------------------------------------------------------------------

/** The customer check answer of `paso=0`. */
export interface TaxiCheck {
  codigoRespuesta: '00' | '01' | '99' | '98';
  codigoEstado: number | null;
}

/** The state an unlisted applicant gets: 9, a new prospect that may go on. */
export const TAXI_NEW_STATE = 9;

/**
 * The customer check (`paso=0`): the scenario rows, then the real rule (an applicant with a
 * taxi application already past the documents step answers "01" with state 1, "already in
 * process"), else "00" with state 9.
 */
export function taxiCustomerCheck(
  documento: string,
  existing: { estado: number; paso: number } | null,
): TaxiCheck {
  const row = scenarioFor('taxiSteps', documento, 'serverStep');
  if (row) {
    const codigoEstado = typeof row.extra?.codigoEstado === 'number' ? row.extra.codigoEstado : null;
    return { codigoRespuesta: String(row.code) as TaxiCheck['codigoRespuesta'], codigoEstado };
  }
  if (existing && existing.paso >= 3) return { codigoRespuesta: '01', codigoEstado: 1 };
  return { codigoRespuesta: '00', codigoEstado: TAXI_NEW_STATE };
}

/** Where the flow goes after the customer check (spec 000 §4 "Vehicle flow via server steps"). */
export function taxiCheckRoute(
  check: TaxiCheck,
  product?: { codigoProducto?: number; codigoSubProducto?: number },
): { step: number | null; modal: number | null } {
  if (check.codigoRespuesta === '00') {
    const s = check.codigoEstado ?? TAXI_NEW_STATE;
    if (s === 1 || s === 3 || s === 9) {
      const suppressed = product?.codigoProducto === 25 && product.codigoSubProducto === 2;
      return { step: 2, modal: suppressed ? null : s };
    }
    return { step: 1, modal: s };
  }
  if (check.codigoRespuesta === '01') return { step: 1, modal: check.codigoEstado === 1 ? 7 : 4 };
  if (check.codigoRespuesta === '99') return { step: null, modal: 8 };
  return { step: null, modal: 10 };
}

// ---------------------------------------------------------------------------------------
// Conversion campaign
// ---------------------------------------------------------------------------------------

/** What a conversion status shows (spec 000 §4 "Conversion flow statuses"). */
export type ConversionScreen =
  'offerForm' | 'inProcess' | 'preApproved' | 'offer' | 'creditActivated' | 'requestInProcess';

/** Conversion status → screen; any status not listed is 'request already in process'. */
export const CONVERSION_ROUTES: Readonly<Record<number, ConversionScreen>> = {
  0: 'offerForm',
  2: 'inProcess',
  14: 'preApproved',
  18: 'offer',
  35: 'offer',
  22: 'creditActivated',
};

/** The conversion products an offer status opens (18 → 19 and 20, 35 → 21 and 22). */
export const CONVERSION_OFFER_PRODUCTS: Readonly<Record<number, readonly number[]>> = {
  18: [19, 20],
  35: [21, 22],
};

/** The screen of a conversion status. */
export function conversionRoute(status: number): ConversionScreen {
  return CONVERSION_ROUTES[status] ?? 'requestInProcess';
}

/** The conversion status of `documento`: the scenario row, else 0 (evaluation approved). */
export function conversionStatus(documento: string): { status: number; productos: readonly number[] } {
  const row = scenarioFor('conversion', documento, 'status');
  const status = row && typeof row.code === 'number' ? row.code : 0;
  return { status, productos: CONVERSION_OFFER_PRODUCTS[status] ?? [] };
}

/** The conversion pre-evaluation code: the scenario row ("01", "03", "04", "05"), else "00". */
export function conversionPreEvaluation(documento: string): string {
  const row = scenarioFor('conversion', documento, 'preEvaluation');
  return row ? String(row.code) : '00';
}

/** Other online products (retanqueo, FAE, vende más): the scenario code, else "00". */
export function otherProductCode(documento: string): string {
  const row = scenarioFor('otherProducts', documento, 'preEvaluation');
  return row ? String(row.code) : '00';
}
