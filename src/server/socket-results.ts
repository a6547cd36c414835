/**
 * Stores the last result of each socket room (`socket_results`) in batches (see
 * `db/batcher.ts`): the results emitted while the database is busy are written with one
 * multi-row statement. One room's results never share a batch, so the newest always wins.
 */
import type { Db } from './sandbox/types.ts';
import { Batcher, batcherFor } from './db/batcher.ts';

/** One result sent to a room. */
export interface SocketResult {
  namespace: string;
  room: string;
  event: string;
  payload: unknown;
}

const UPSERT_SQL = `INSERT INTO socket_results (namespace, room, event, payload, emitted_at)
  SELECT v.namespace, v.room, v.event, v.payload::jsonb, now() FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS v(namespace, room, event, payload)
  ON CONFLICT (namespace, room) DO UPDATE SET event = EXCLUDED.event, payload = EXCLUDED.payload, emitted_at = now()`;

/** Stores `results` (at most one per room) with one statement. */
export async function storeSocketResults(db: Db, results: readonly SocketResult[]): Promise<void[]> {
  await db.query(UPSERT_SQL, [
    results.map((r) => r.namespace),
    results.map((r) => r.room),
    results.map((r) => r.event),
    results.map((r) => JSON.stringify(r.payload)),
  ]);
  return results.map(() => undefined);
}

/** Stores one result through the batch of its database; resolves once it is stored. */
export function storeSocketResult(db: Db, result: SocketResult): Promise<void> {
  return batcherFor(
    db,
    'socket.results',
    () =>
      new Batcher((items: readonly SocketResult[]) => storeSocketResults(db, items), {
        keyOf: (r) => `${r.namespace}\u0000${r.room}`,
      }),
  ).submit(result);
}
