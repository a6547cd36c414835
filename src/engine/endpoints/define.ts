/**
 * Helpers that keep the endpoint registry short: one family file lists its calls by
 * short name, and `defineFamily` fills in the id, the family, the schema file names and
 * the default timeout, so a family file reads like the spec's table of calls.
 */
import type { ApplicationGrant, ApplicationRef, ApplicationReveal, EndpointDef } from '../endpoint-types.ts';

/**
 * Simulation calls time out at 60000 ms (spec 001 §7 "Shared client", §9 "Simulation
 * timeout"): the quota and schedule are computed upstream and may be slow.
 */
export const SIMULATION_TIMEOUT_MS = 60000;

/**
 * Every other call times out at 30000 ms. The spec gives no figure for them; 30 s is long
 * enough for a slow mobile network and short enough that an applicant is told something
 * went wrong before giving up on the page.
 */
export const DEFAULT_TIMEOUT_MS = 30000;

type Family = EndpointDef['family'];

/** One call as a family file writes it: the registry derives the rest. */
export interface EntrySpec {
  readonly method: EndpointDef['method'];
  readonly path: string;
  readonly fixedQuery?: Readonly<Record<string, string>>;
  /** True for the simulation calls: they get {@link SIMULATION_TIMEOUT_MS}. */
  readonly simulation?: boolean;
  readonly codeField: string | null;
  readonly codes: readonly string[];
  readonly creates: boolean;
  /** False for a POST/PUT that carries no body (its request schema is then null). Default true. */
  readonly body?: boolean;
  readonly summary: string;
  /** What the spec says of a call it names without a path (see `EndpointDef.pathNotInSpec`). */
  readonly pathNotInSpec?: string;
  /** Where the call names an application (see `EndpointDef.application`). */
  readonly application: readonly ApplicationRef[] | 'none' | 'signed-link';
  /** What the call's answer hands the caller (see `EndpointDef.grants`). */
  readonly grants?: ApplicationGrant;
  /** What the call's answer may name beyond the id it was given (see `EndpointDef.reveals`). */
  readonly reveals?: ApplicationReveal;
  /** The body fields the call may set (see `EndpointDef.fields`). */
  readonly fields?: readonly string[];
  /** Products only an entitled promoter may apply for (see `EndpointDef.promoterProducts`). */
  readonly promoterProducts?: EndpointDef['promoterProducts'];
  /** True when the call texts a paid SMS (see `EndpointDef.sendsSms`). */
  readonly sendsSms?: true;
  /** True when the call answers the application's stored state (see `EndpointDef.answersStoredState`). */
  readonly answersStoredState?: true;
  /** True when the call answers an observation an analyst may review (see `EndpointDef.answersAnalystReview`). */
  readonly answersAnalystReview?: true;
  /** True when a visit without a link makes the service refuse the call (see `EndpointDef.refusesWithoutLink`). */
  readonly refusesWithoutLink?: true;
}

/**
 * Turns `{ shortName: spec }` into `{ 'prefix.shortName': EndpointDef }`.
 * The id prefix is usually the family, but a family may hold calls of several prefixes
 * (`identity.*` and `biometrics.*` belong to the instant-credit family), so the prefix
 * is given separately.
 */
export function defineEndpoints<const P extends string, const T extends Record<string, EntrySpec>>(
  family: Family,
  prefix: P,
  entries: T,
): { readonly [K in keyof T & string as `${P}.${K}`]: EndpointDef } {
  const out: Record<string, EndpointDef> = {};
  for (const [name, spec] of Object.entries(entries)) {
    const id = `${prefix}.${name}`;
    const hasBody = spec.method !== 'GET' && spec.method !== 'DELETE' && spec.body !== false;
    out[id] = {
      id,
      method: spec.method,
      path: spec.path,
      ...(spec.fixedQuery ? { fixedQuery: spec.fixedQuery } : {}),
      timeoutMs: spec.simulation ? SIMULATION_TIMEOUT_MS : DEFAULT_TIMEOUT_MS,
      codeField: spec.codeField,
      codes: spec.codes,
      creates: spec.creates,
      request: hasBody ? `${id}.request.json` : null,
      response: `${id}.response.json`,
      summary: spec.summary,
      ...(spec.pathNotInSpec !== undefined ? { pathNotInSpec: spec.pathNotInSpec } : {}),
      application: spec.application,
      ...(spec.grants !== undefined ? { grants: spec.grants } : {}),
      ...(spec.reveals !== undefined ? { reveals: spec.reveals } : {}),
      ...(spec.fields !== undefined ? { fields: spec.fields } : {}),
      ...(spec.promoterProducts !== undefined ? { promoterProducts: spec.promoterProducts } : {}),
      ...(spec.sendsSms ? { sendsSms: true as const } : {}),
      ...(spec.answersStoredState ? { answersStoredState: true as const } : {}),
      ...(spec.answersAnalystReview ? { answersAnalystReview: true as const } : {}),
      ...(spec.refusesWithoutLink ? { refusesWithoutLink: true as const } : {}),
      family,
    };
  }
  return out as { readonly [K in keyof T & string as `${P}.${K}`]: EndpointDef };
}

/**
 * The vehicle prospect states (spec 000 §4 "Vehicle statuses"): every vehicle and consumer
 * pre-evaluation may answer any of them (the sandbox answers state SS for DNI 500000SS).
 */
export const VEHICLE_STATES = [
  '0',
  '2',
  '10',
  '11',
  '12',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '30',
  '31',
  '32',
  '33',
  '34',
  '39',
  '90',
  '91',
  '92',
  '93',
  '-1',
  '-2',
  '-3',
  '-5',
  '-6',
] as const;

/** The plain success / technical-failure pair many calls answer (001 §4: legacy calls answer 99 on any failure). */
export const OK_OR_FAIL = ['00', '99'] as const;

/** The instant-credit prospect a call names: the body's `codigoProspecto` (or `idProspecto`, `id`) or the query's. */
export const LDE_APPLICATION: readonly ApplicationRef[] = [
  { in: 'body', names: ['codigoProspecto', 'idProspecto', 'id'], kinds: ['lde'] },
  { in: 'query', names: ['codigoProspecto'], kinds: ['lde'] },
];

/**
 * The calls shared by instant credit and motorcycles (identity, contracts, signature): the
 * prospect may be of either kind.
 */
export const SHARED_APPLICATION: readonly ApplicationRef[] = [
  { in: 'body', names: ['codigoProspecto', 'idProspecto', 'id'], kinds: ['lde', 'vehicle'] },
  { in: 'query', names: ['codigoProspecto'], kinds: ['lde', 'vehicle'] },
];

/** A vehicle, consumer or taxi application named by the body's `codigoProspecto`. */
export const VEHICLE_BODY: readonly ApplicationRef[] = [
  { in: 'body', names: ['codigoProspecto'], kinds: ['vehicle'] },
];

/** A vehicle-prospect lookup that also finds by DNI: the answer is checked against what the caller holds. */
export const REVEALS_VEHICLE = {
  answer: 'prospecto.codigoProspecto',
  kinds: ['vehicle'],
  notFound: { codRes: '99', detalleRespuesta: 'vehicle.prospectNotFound' },
} as const;

/** A vehicle application named by a path placeholder (a report or a stored simulation). */
export const vehiclePath = (name: string): readonly ApplicationRef[] => [
  { in: 'path', names: [name], kinds: ['vehicle'] },
];

/** A pre-evaluation that opens (or resumes) a vehicle application, answered as `prospecto.codigoProspecto`. */
export const OPENS_VEHICLE: ApplicationGrant = {
  answer: 'prospecto.codigoProspecto',
  kinds: ['vehicle'],
  by: 'create',
};
