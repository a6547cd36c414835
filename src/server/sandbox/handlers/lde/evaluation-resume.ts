/**
 * Resumes the policy evaluations that were pending when the service last stopped (a deploy, a
 * crash): the delay is kept in memory only, so at start every evaluation still unanswered in
 * the database is scheduled again for what is left of its delay (at once when it is overdue).
 * Running one twice is harmless: the store claims each evaluation (`evaluation-store.ts`), so
 * another instance on the same PostgreSQL, or the first schedule of an evaluation created
 * during the start, finds it taken and leaves it.
 */
import type { Services } from '../../types.ts';
import { pendingEvaluations } from '../../../domain/lde/evaluation-store.ts';
import { runEvaluation } from './pre-evaluation.ts';

/** Schedules every pending evaluation; answers how many. */
export async function resumePendingEvaluations(svc: Services): Promise<number> {
  const pending = await pendingEvaluations(svc.db);
  const now = svc.clock.now();
  for (const e of pending) {
    const wait = Math.max(0, e.requestedAt + svc.settings.evaluationDelayMs - now);
    svc.later(wait, () => runEvaluation(svc, e.prospectId, e.evaluationId));
  }
  return pending.length;
}
