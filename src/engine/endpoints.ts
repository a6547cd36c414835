/**
 * The endpoint registry: every call of spec 001 §7, one entry each, by id.
 * Flows name these ids; the engine builds calls from them; the server routes and validates
 * with them; the linter holds each step's outcome rules against their `codes`.
 * The entries live in one file per family under `./endpoints/`.
 */
import type { EndpointDef } from './endpoint-types.ts';
import { CATALOG_ENDPOINTS, VERIFICATION_ENDPOINTS } from './endpoints/catalogs.ts';
import { CONSUMO_ENDPOINTS, SEMINUEVO_ENDPOINTS } from './endpoints/consumo.ts';
import { CONVERSION_ENDPOINTS } from './endpoints/conversion.ts';
import {
  CONTRACT_ENDPOINTS,
  CREDIT_ENDPOINTS,
  JWT_ENDPOINTS,
  TOKEN_ENDPOINTS,
} from './endpoints/contracts.ts';
import {
  BIOMETRIC_ENDPOINTS,
  IDENTITY_ENDPOINTS,
  CUSTOMER_ENDPOINTS,
  LDE_ENDPOINTS,
  SIMULATOR_ENDPOINTS,
} from './endpoints/lde.ts';
import { MOTO_ENDPOINTS } from './endpoints/moto.ts';
import { SESSION_ENDPOINTS } from './endpoints/session.ts';
import { TAXI_ENDPOINTS } from './endpoints/taxi.ts';

export { DEFAULT_TIMEOUT_MS, SIMULATION_TIMEOUT_MS } from './endpoints/define.ts';
import { endpointFinder } from './endpoints/find-endpoint.ts';

export { endpointFinder, routePath } from './endpoints/find-endpoint.ts';
export type { EndpointMatch, FindEndpoint } from './endpoints/find-endpoint.ts';

/** Every call of the product, by id (`family.camelCaseVerb`). */
export const ENDPOINTS = {
  ...SESSION_ENDPOINTS,
  ...CATALOG_ENDPOINTS,
  ...VERIFICATION_ENDPOINTS,
  ...LDE_ENDPOINTS,
  ...IDENTITY_ENDPOINTS,
  ...CUSTOMER_ENDPOINTS,
  ...BIOMETRIC_ENDPOINTS,
  ...SIMULATOR_ENDPOINTS,
  ...CONTRACT_ENDPOINTS,
  ...TOKEN_ENDPOINTS,
  ...JWT_ENDPOINTS,
  ...CREDIT_ENDPOINTS,
  ...MOTO_ENDPOINTS,
  ...CONSUMO_ENDPOINTS,
  ...SEMINUEVO_ENDPOINTS,
  ...TAXI_ENDPOINTS,
  ...CONVERSION_ENDPOINTS,
} as const satisfies Record<string, EndpointDef>;

/** The id of a registered call, e.g. `'lde.preEvaluate'`. */
export type EndpointId = keyof typeof ENDPOINTS;

/**
 * The registry entry of a concrete request, e.g. `findEndpoint('POST', '/api/private/v1.3/prospectos', { paso: '2' })`
 * is `taxi.step2` (see {@link endpointFinder} for the matching rules).
 */
export const findEndpoint = endpointFinder(ENDPOINTS);
