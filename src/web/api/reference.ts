/**
 * The reference code of the last call that failed: the id the server gave its request
 * (`X-Request-Id`, the id of its log line). The error dialog shows it as "Código de
 * referencia" so support can find what happened; a later call that succeeds clears it.
 */
let last: string | null = null;

/** The request id an answer carries, when it is a sane one. */
export function referenceOf(response: Pick<Response, 'headers'>): string | null {
  const id = response.headers.get('x-request-id');
  return id !== null && /^[\w.:-]{1,100}$/.test(id) ? id : null;
}

/** Records the answer's request id after a failed call, or clears it after a good one. */
export function noteCallOutcome(failed: boolean, response: Pick<Response, 'headers'>): void {
  last = failed ? referenceOf(response) : null;
}

/** The reference of the last failed call, if the server gave one. */
export function failureReference(): string | null {
  return last;
}

/** Forgets the reference (the dialog that showed it was closed). */
export function clearFailureReference(): void {
  last = null;
}
