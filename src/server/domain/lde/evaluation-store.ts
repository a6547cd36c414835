/**
 * Answers due policy evaluations in batches (see `db/batcher.ts`): one transaction loads the
 * prospects of every evaluation in the batch with one query, decides each, stores the results
 * and moves the prospects with one multi-row statement, and commits before any result is
 * texted or emitted. One prospect's evaluations never share a batch, so each sees the
 * previous one committed.
 */
import type { Db, Services } from '../../sandbox/types.ts';
import { Batcher, batcherFor } from '../../db/batcher.ts';
import { loadProspects, type Prospect } from './prospects.ts';
import type { PolicyFinding } from './policies.ts';
import type { SocketResult } from '../../socket-results.ts';

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

/** The socket result that announces an answer, stored with it (`socket_results`). */
export type AnnounceEvaluation = (
  p: Prospect,
  answer: EvaluationAnswer,
) => SocketResult & { namespace: Parameters<Services['sockets']['emit']>[0] };

/** A stored answer with the prospect it was decided on; `null` when nothing was stored. */
export type AnsweredEvaluation = { prospect: Prospect; answer: EvaluationAnswer } | null;

/**
 * The results, the prospects' moves and the socket results that announce them in one statement:
 * each statement costs the embedded database a fixed price whatever its size. A batch holds one
 * evaluation per prospect, so one row per socket room.
 */
const STORE_SQL = `WITH v AS (
    SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::int[], $4::text[], $5::text[], $6::int[], $7::text[], $8::timestamptz[])
      AS v(evaluation_id, prospect_id, resultado, detalle, motivos, estado, datos, at)
  ), e AS (
    UPDATE lde_evaluations e SET resultado = v.resultado, detalle = v.detalle, motivos = v.motivos::jsonb, answered_at = v.at
    FROM v WHERE e.id = v.evaluation_id
  ), s AS (
    INSERT INTO socket_results (namespace, room, event, payload, emitted_at)
    SELECT r.namespace, r.room, r.event, r.payload::jsonb, now() FROM unnest($9::text[], $10::text[], $11::text[], $12::text[])
      AS r(namespace, room, event, payload)
    ON CONFLICT (namespace, room) DO UPDATE SET event = EXCLUDED.event, payload = EXCLUDED.payload, emitted_at = now()
  )
  UPDATE lde_prospects p SET estado = v.estado, datos = p.datos || v.datos::jsonb, updated_at = v.at
  FROM v WHERE p.id = v.prospect_id`;

/** Locks the batch's evaluations that are still pending; skips those another transaction holds. */
const CLAIM_SQL = `SELECT id FROM lde_evaluations WHERE id = ANY($1::bigint[]) AND resultado IS NULL FOR UPDATE SKIP LOCKED`;

/** Pending evaluations (oldest first) with when they were requested, to schedule again at start. */
export async function pendingEvaluations(
  db: Db,
): Promise<{ evaluationId: number; prospectId: number; requestedAt: number }[]> {
  const { rows } = await db.query<{ id: number | string; prospect_id: number | string; requested_at: Date }>(
    'SELECT id, prospect_id, requested_at FROM lde_evaluations WHERE resultado IS NULL ORDER BY id',
  );
  return rows.map((r) => ({
    evaluationId: Number(r.id),
    prospectId: Number(r.prospect_id),
    requestedAt: new Date(r.requested_at).getTime(),
  }));
}

/**
 * Decides and stores `jobs` in one transaction over `db`, with the socket result `announce`
 * makes of each answer; answers one result per job, in order. A failing statement fails the
 * whole call and stores nothing.
 */
export async function answerEvaluations(
  db: Db,
  jobs: readonly EvaluationJob[],
  decide: DecideEvaluation,
  announce: AnnounceEvaluation,
): Promise<AnsweredEvaluation[]> {
  return db.transaction(async (tx) => {
    // The claim: only evaluations still pending and not held by another transaction run. Two
    // instances on one PostgreSQL (or a resumed evaluation meeting its first schedule) never
    // decide the same evaluation twice: the second finds it locked or already answered.
    const { rows: claimed } = await tx.query<{ id: number | string }>(CLAIM_SQL, [
      jobs.map((j) => j.evaluationId),
    ]);
    const mine = new Set(claimed.map((r) => Number(r.id)));
    const prospects = await loadProspects(
      tx,
      jobs.filter((j) => mine.has(j.evaluationId)).map((j) => j.prospectId),
    );
    const answered: AnsweredEvaluation[] = [];
    for (const j of jobs) {
      const prospect = mine.has(j.evaluationId) ? prospects.get(j.prospectId) : undefined;
      const answer = prospect === undefined ? null : await decide(prospect, j.now);
      answered.push(prospect !== undefined && answer !== null ? { prospect, answer } : null);
    }
    const stored = jobs.flatMap((j, i) => {
      const a = answered[i];
      return a ? [{ j, a: a.answer, r: announce(a.prospect, a.answer) }] : [];
    });
    if (stored.length > 0) {
      await tx.query(STORE_SQL, [
        stored.map((s) => s.j.evaluationId),
        stored.map((s) => s.j.prospectId),
        stored.map((s) => s.a.resultado),
        stored.map((s) => s.a.detalle),
        stored.map((s) => JSON.stringify(s.a.motivos)),
        stored.map((s) => s.a.estado),
        stored.map((s) => JSON.stringify(s.a.datos)),
        stored.map((s) => new Date(s.j.now)),
        stored.map((s) => s.r.namespace),
        stored.map((s) => s.r.room),
        stored.map((s) => s.r.event),
        stored.map((s) => JSON.stringify(s.r.payload)),
      ]);
    }
    return answered;
  });
}

/**
 * Answers one evaluation through the batch of its database: resolves once the batch that
 * holds it has committed. `decide` and `announce` must be the same functions for every job of
 * a database.
 */
export function submitEvaluation(
  db: Db,
  job: EvaluationJob,
  decide: DecideEvaluation,
  announce: AnnounceEvaluation,
): Promise<AnsweredEvaluation> {
  return batcherFor(
    db,
    'lde.evaluation',
    () =>
      new Batcher((items: readonly EvaluationJob[]) => answerEvaluations(db, items, decide, announce), {
        keyOf: (item) => String(item.prospectId),
      }),
  ).submit(job);
}
