/**
 * The HTTP statuses that carry an answer a flow reads (spec 001): 200 and 201. Any other status,
 * other 2xx included (202 accepted but not done, 206 partial…), is a failure of the call. The
 * web runtime and the path tests decide with this one rule.
 */
const ANSWER_STATUSES: ReadonlySet<number> = new Set([200, 201]);

/** True when a call answered with `status` carries an answer for its outcome rules. */
export function isAnswerStatus(status: number): boolean {
  return ANSWER_STATUSES.has(status);
}
