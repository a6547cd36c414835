/**
 * The reference code of the last call that failed: the id the server gave its request
 * (`X-Request-Id`, the id of its log line). The error dialog shows it as "Código de
 * referencia" so support can find what happened; a later call that succeeds clears it.
 */
let last: string | null = null;

/** Records the answer's request id after a failed call, or clears it after a good one. */
export function noteCallOutcome(failed: boolean, response: Pick<Response, 'headers'> | null): void {
  const id = response?.headers.get('x-request-id') ?? null;
  last = failed && id !== null && /^[\w.:-]{1,100}$/.test(id) ? id : failed ? last : null;
}

/** The reference of the last failed call, if the server gave one. */
export function failureReference(): string | null {
  return last;
}

/** Forgets the reference (the dialog that showed it was closed). */
export function clearFailureReference(): void {
  last = null;
}
