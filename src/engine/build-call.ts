/**
 * Turning a step's call into a `call` effect: the request the runtime sends, fully built
 * (method, path with encoded placeholders, query, body, timeout, idempotency).
 */
import type { CompiledCall } from './compiled-types.ts';
import type { Effect, FlowState } from './engine-types.ts';
import { toText } from './named-operations.ts';

export type CallEffect = Extract<Effect, { type: 'call' }>;

/** What a call's json-logic reads: `{ context, form, params }`. */
export interface CallScope {
  readonly context: Record<string, unknown>;
  /** The current step's form data. */
  readonly form: Record<string, unknown>;
  readonly params: Record<string, string>;
}

/**
 * Builds the request of a call.
 *
 * - `path`: the endpoint path with each `{placeholder}` replaced by its value, URL-encoded
 *   (a missing value gives an empty segment, which the server answers as not found).
 * - `query`: the endpoint's `fixedQuery`, then the call's `query` values as strings; a value
 *   that is `null` or missing is left out rather than sent as `"null"`.
 * - `body`: `null` for GET; otherwise the `from` scopes merged in order (later wins), then the
 *   `with` fields, then only the `pick` fields when `pick` is given.
 * - `idempotent`: the endpoint creates something, so the runtime sends `requestId` as the
 *   `Idempotency-Key` (and the same key again on a retry).
 */
export function buildCall(call: CompiledCall, scope: CallScope, requestId: string): CallEffect {
  let path = '';
  for (const part of call.pathParts)
    path += typeof part === 'string' ? part : encodeURIComponent(toText(part(scope)));
  const query: Record<string, string> = { ...call.endpoint.fixedQuery };
  for (const [name, value] of call.query) {
    const v = value(scope);
    if (v !== null && v !== undefined) query[name] = toText(v);
  }
  let body: Record<string, unknown> | null = null;
  if (call.body !== null) {
    body = {};
    for (const from of call.body.from) Object.assign(body, scope[from]);
    for (const [field, value] of call.body.with) body[field] = value(scope);
    if (call.body.pick !== null) {
      const picked: Record<string, unknown> = {};
      for (const field of call.body.pick) if (Object.hasOwn(body, field)) picked[field] = body[field];
      body = picked;
    }
  }
  return {
    type: 'call',
    requestId,
    endpoint: call.endpoint.id,
    method: call.endpoint.method,
    path,
    query,
    body,
    timeoutMs: call.endpoint.timeoutMs,
    idempotent: call.endpoint.creates,
  };
}

/** The form data of the current step, or an empty form. */
export function currentForm(state: FlowState): Record<string, unknown> {
  return Object.hasOwn(state.forms, state.step) ? state.forms[state.step]! : {};
}

/**
 * Asks for a call from the current step: takes a fresh `seq` so the request id
 * (`${session}:${seq}`) is unique, marks it pending and emits the effect. Mutates `draft`,
 * which is the transition's own copy of the state.
 */
export function issueCall(draft: FlowState, effects: Effect[], call: CompiledCall): void {
  draft.seq += 1;
  const requestId = `${draft.session}:${draft.seq}`;
  draft.pending = { requestId, step: draft.step, trigger: call.trigger, endpoint: call.endpoint.id };
  effects.push(
    buildCall(call, { context: draft.context, form: currentForm(draft), params: draft.params }, requestId),
  );
}
