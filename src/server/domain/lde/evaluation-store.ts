/**
 * Answers due policy evaluations in batches (see `db/batcher.ts`): one transaction loads the
 * prospects of every evaluation in the batch with one query, decides each, stores the results
 * and moves the prospects with one multi-row statement each, and commits before any result is
 * texted or emitted. One prospect's evaluations never share a batch, so each sees the
 * previous one committed.
 */
import type { Db } from '../../sandbox/types.ts';
import { Batcher, batcherFor } from '../../db/batcher.ts';
import { loadProspects, type Prospect } from './prospects.ts';
import type { PolicyFinding } from './policies.ts';

/** An evaluation that is due. */
export interface EvaluationJob {
  prospectId: number;
  evaluationId: number;
  /** When it fell due (service clock, ms): the answer's time. */
  now: number;
}

/** A decided evaluation and where it leaves the prospect. */
export interface EvaluationAnswer {
  resultado: number;
  detalle: string | null;
  motivos: PolicyFinding[];
  /** The prospect's new state. */
  estado: number;
  /** Merged into the prospect's data. */
  datos: Record<string, unknown>;
}

/** Decides one evaluation; `null` leaves it pending for ever (the never-answering scenario). */
export type DecideEvaluation = (p: Prospect, now: number) => Promise<EvaluationAnswer | null>;

/** A stored answer with the prospect it was decided on; `null` when nothing was stored. */
export type AnsweredEvaluation = { prospect: Prospect; answer: EvaluationAnswer } | null;

const UPDATE_EVALUATIONS_SQL = `UPDATE lde_evaluations e SET resultado = v.resultado, detalle = v.detalle, motivos = v.motivos::jsonb, answered_at = v.at
  FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::timestamptz[]) AS v(id, resultado, detalle, motivos, at)
  WHERE e.id = v.id`;

const UPDATE_PROSPECTS_SQL = `UPDATE lde_prospects p SET estado = v.estado, datos = p.datos || v.datos::jsonb, updated_at = v.at
  FROM unnest($1::bigint[], $2::int[], $3::text[], $4::timestamptz[]) AS v(id, estado, datos, at)
  WHERE p.id = v.id`;

/**
 * Decides and stores `jobs` in one transaction over `db`; answers one result per job, in
 * order. A failing statement fails the whole call and stores nothing.
 */
export async function answerEvaluations(
  db: Db,
  jobs: readonly EvaluationJob[],
  decide: DecideEvaluation,
): Promise<AnsweredEvaluation[]> {
  return db.transaction(async (tx) => {
    const prospects = await loadProspects(tx, jobs.map((j) => j.prospectId));
    const answered: AnsweredEvaluation[] = [];
    for (const j of jobs) {
      const prospect = prospects.get(j.prospectId);
      const answer = prospect === undefined ? null : await decide(prospect, j.now);
      answered.push(prospect !== undefined && answer !== null ? { prospect, answer } : null);
    }
    const stored = jobs.flatMap((j, i) => {
      const a = answered[i];
      return a ? [{ j, a: a.answer }] : [];
    });
    if (stored.length > 0) {
      await tx.query(UPDATE_EVALUATIONS_SQL, [
        stored.map((s) => s.j.evaluationId),
        stored.map((s) => s.a.resultado),
        stored.map((s) => s.a.detalle),
        stored.map((s) => JSON.stringify(s.a.motivos)),
        stored.map((s) => new Date(s.j.now)),
      ]);
      await tx.query(UPDATE_PROSPECTS_SQL, [
        stored.map((s) => s.j.prospectId),
        stored.map((s) => s.a.estado),
        stored.map((s) => JSON.stringify(s.a.datos)),
        stored.map((s) => new Date(s.j.now)),
      ]);
    }
    return answered;
  });
}

/**
 * Answers one evaluation through the batch of its database: resolves once the batch that
 * holds it has committed. `decide` must be the same function for every job of a database.
 */
export function submitEvaluation(db: Db, job: EvaluationJob, decide: DecideEvaluation): Promise<AnsweredEvaluation> {
  return batcherFor(
    db,
    'lde.evaluation',
    () =>
      new Batcher((items: readonly EvaluationJob[]) => answerEvaluations(db, items, decide), {
        keyOf: (item) => String(item.prospectId),
      }),
  ).submit(job);
}
