/**
 * A documented sandbox mechanism for the generic failure: 001 §4 says the legacy calls answer
 * "99" on any failure, which no scenario identity can force at every call. A request that
 * carries `X-Sandbox-Falla: 99` is validated as usual and then answered "99" in the call's code
 * field (with the generic text) instead of running its handler, for the calls whose registry
 * codes list "99". Any other value, or a call that never answers "99", is served as usual.
 * The path tests use it to prove each flow's handling of that answer; a tester may send it
 * from any HTTP client. It exists only in the sandbox API (upstream mode proxies instead).
 */
import type { EndpointDef } from '../../engine/endpoint-types.ts';
import { setPath } from '../../engine/read-path.ts';
import { text } from '../texts.ts';
import type { HandlerReply } from './types.ts';

/** The request header (lower case, as Node gives it). */
export const FAILURE_HEADER = 'x-sandbox-falla';
/** The one code it forces: the generic failure. */
export const FAILURE_CODE = '99';

/** True when `entry` can answer the generic failure (its registry codes list it). */
export function canFail(entry: Pick<EndpointDef, 'codeField' | 'codes'>): boolean {
  return entry.codeField !== null && entry.codes.includes(FAILURE_CODE);
}

/** The forced answer for a request to `entry` with header value `value`, or undefined (serve as usual). */
export function forcedFailure(
  entry: Pick<EndpointDef, 'codeField' | 'codes'>,
  value: string | string[] | undefined,
): HandlerReply | undefined {
  if (value !== FAILURE_CODE || !canFail(entry)) return undefined;
  return {
    body: setPath({ detalleRespuesta: text('error.badCodeResponse') }, entry.codeField!, FAILURE_CODE),
  };
}
