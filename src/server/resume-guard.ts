/**
 * Whether the caller of the request being handled may resume an existing application
 * (docs/security.md "Resuming by document"). A creating call that finds an open application
 * for the document it is given (a vehicle pre-evaluation, taxi step 0, a conversion
 * pre-evaluation) resumes it only for whoever holds it (the browser that opened it, a signed
 * link, its entity's promoters), or when nobody holds it yet. Anyone else gets the call's
 * "request in process" answer, without the application's id, and nothing is changed: the
 * document alone proves nothing.
 *
 * The ownership hook (`ownership.ts`) knows the caller; the handlers know which application a
 * document opens. This context joins the two without threading the caller through every
 * handler's signature.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ApplicationKind } from '../engine/endpoint-types.ts';

/** Answers whether the current caller may resume application `id` of one of `kinds`. */
export type ResumeCheck = (kinds: readonly ApplicationKind[], id: string | number) => Promise<boolean>;

const context = new AsyncLocalStorage<ResumeCheck>();

/** Runs `fn` with `check` as the answer of {@link mayResume} (the ownership hook's, per request). */
export function withResumeGuard<T>(check: ResumeCheck | undefined, fn: () => T): T {
  return check === undefined ? fn() : context.run(check, fn);
}

/**
 * True when the caller of the current request may resume application `id`. Outside a request
 * (timers, the back office, unit tests of a domain function) there is no caller to refuse.
 */
export async function mayResume(kinds: readonly ApplicationKind[], id: string | number): Promise<boolean> {
  const check = context.getStore();
  return check === undefined ? true : check(kinds, id);
}
