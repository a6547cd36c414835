/**
 * Records pre-evaluations in batches (see `db/batcher.ts`): one transaction reads the earlier
 * signed or active credits of every document in the batch with one query, decides each
 * pre-evaluation in arrival order, inserts all the prospects and the pending policy evaluations
 * with one multi-row statement, and commits before any caller is answered.
 *
 * The answers are those the pre-evaluations would get one after the other: a prospect the
 * batch itself records as signed or active counts for the later pre-evaluations of the batch,
 * exactly as a row committed just before them would.
 */
import type { Db } from '../../sandbox/types.ts';
import { Batcher, batcherFor } from '../../db/batcher.ts';
import type { NewProspect } from './prospects.ts';

/** A pre-evaluation decided up to the prior-credit check, ready to record. */
export interface PreEvaluationDraft {
  /** The new prospect's id (see `newProspectId`). */
  id: number;
  prospect: NewProspect;
  /** The response code decided so far (scenario table, age); 0 still checks for a prior credit. */
  code: number | string;
  /** When the pre-evaluation arrived (service clock, ms). */
  now: number;
}

/** What was recorded: the final code and state, and the pending evaluation when code 0 started one. */
export interface RecordedPreEvaluation {
  code: number | string;
  estado: number;
  evaluationId: number | null;
}

/** States of an earlier application that answer a new pre-evaluation instead of code 0. */
const PRIOR_STATES = [10, 11];

const PRIOR_SQL = `SELECT DISTINCT ON (documento, producto) id, documento, producto, estado FROM lde_prospects
  WHERE documento = ANY($1::text[]) AND estado IN (10, 11) ORDER BY documento, producto, created_at DESC, id DESC`;

/**
 * The prospects ($1–$20, one array per column) and the pending evaluations of those that start
 * one ($21, $22) in one statement: each statement costs the embedded database a fixed price
 * whatever its size, so the two inserts share it. The evaluations' foreign keys are checked at
 * the end of the statement, when the prospects are in.
 */
const INSERT_SQL = `WITH p AS (
    INSERT INTO lde_prospects (id, producto, codigo_producto, tipo_documento, documento, telefono, placa, email,
      estado, canal, origen, codigo_entidad, codigo_usuario, terms, nombres, apellido_paterno, apellido_materno, fecha_nacimiento,
      datos, created_at, updated_at)
    SELECT v.id, v.producto, v.codigo_producto, v.tipo_documento, v.documento, v.telefono, v.placa, v.email, v.estado, v.canal, v.origen,
      v.codigo_entidad, v.codigo_usuario, v.terms, v.nombres, v.apellido_paterno, v.apellido_materno, v.fecha_nacimiento,
      v.datos::jsonb, v.at, v.at
    FROM unnest($1::bigint[], $2::text[], $3::int[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::int[],
      $11::int[], $12::int[], $13::text[], $14::boolean[], $15::text[], $16::text[], $17::text[], $18::text[], $19::text[], $20::timestamptz[])
      AS v(id, producto, codigo_producto, tipo_documento, documento, telefono, placa, email, estado, canal, origen, codigo_entidad,
        codigo_usuario, terms, nombres, apellido_paterno, apellido_materno, fecha_nacimiento, datos, at)
  )
  INSERT INTO lde_evaluations (prospect_id, requested_at)
  SELECT * FROM unnest($21::bigint[], $22::timestamptz[]) RETURNING id, prospect_id`;

/**
 * Records `drafts` in one transaction over `db`; answers one result per draft, in order. A
 * failing statement fails the whole call and commits nothing.
 */
export async function recordPreEvaluations(
  db: Db,
  drafts: readonly PreEvaluationDraft[],
): Promise<RecordedPreEvaluation[]> {
  return db.transaction(async (tx) => {
    const checked = [...new Set(drafts.filter((d) => d.code === 0).map((d) => d.prospect.documento))];
    // The newest (highest id) signed or active application per document and product.
    const prior = new Map<string, { id: number; estado: number }>();
    const keyOf = (documento: string, producto: string) => `${documento}\u0000${producto}`;
    if (checked.length > 0) {
      const { rows } = await tx.query<{ id: number; documento: string; producto: string; estado: number }>(
        PRIOR_SQL,
        [checked],
      );
      for (const r of rows) prior.set(keyOf(r.documento, r.producto), { id: Number(r.id), estado: r.estado });
    }
    const decided = drafts.map((d) => {
      const key = keyOf(d.prospect.documento, d.prospect.producto);
      let code = d.code;
      let estado = d.prospect.estado;
      if (code === 0) {
        const earlier = prior.get(key);
        if (earlier !== undefined) {
          code = earlier.estado;
          estado = earlier.estado;
        }
      }
      // Counts for the later drafts of this batch, as a committed row would.
      if (PRIOR_STATES.includes(estado) && d.id > (prior.get(key)?.id ?? 0))
        prior.set(key, { id: d.id, estado });
      return { code, estado };
    });
    const col = <T>(f: (d: PreEvaluationDraft, i: number) => T): T[] => drafts.map(f);
    const evaluated = drafts.filter((_d, i) => decided[i]!.code === 0);
    const { rows } = await tx.query<{ id: number; prospect_id: number }>(INSERT_SQL, [
      col((d) => d.id),
      col((d) => d.prospect.producto),
      col((d) => d.prospect.codigoProducto),
      col((d) => d.prospect.tipoDocumento),
      col((d) => d.prospect.documento),
      col((d) => d.prospect.telefono),
      col((d) => d.prospect.placa),
      col((d) => d.prospect.email),
      col((_d, i) => decided[i]!.estado),
      col((d) => d.prospect.canal),
      col((d) => d.prospect.origen),
      col((d) => d.prospect.codigoEntidad),
      col((d) => d.prospect.codigoUsuario),
      col((d) => d.prospect.terms),
      col((d) => d.prospect.nombres),
      col((d) => d.prospect.apellidoPaterno),
      col((d) => d.prospect.apellidoMaterno),
      col((d) => d.prospect.fechaNacimiento),
      col((d) => JSON.stringify(d.prospect.datos)),
      col((d) => new Date(d.now)),
      evaluated.map((d) => d.id),
      evaluated.map((d) => new Date(d.now)),
    ]);
    const evaluationOf = new Map<number, number>();
    for (const r of rows) evaluationOf.set(Number(r.prospect_id), Number(r.id));
    return drafts.map((d, i) => ({
      code: decided[i]!.code,
      estado: decided[i]!.estado,
      evaluationId: evaluationOf.get(d.id) ?? null,
    }));
  });
}

/**
 * Records one pre-evaluation through the batch of its database: resolves once the batch that
 * holds it has committed.
 */
export function submitPreEvaluation(db: Db, draft: PreEvaluationDraft): Promise<RecordedPreEvaluation> {
  return batcherFor(
    db,
    'lde.preEvaluation',
    () => new Batcher((items: readonly PreEvaluationDraft[]) => recordPreEvaluations(db, items)),
  ).submit(draft);
}
