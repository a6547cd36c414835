/**
 * The service's clock: real time plus an offset the sandbox moves forward
 * (`POST /__sandbox/clock`) to reach token expiry, link expiry and lockouts on purpose. The
 * offset is persisted, so a restart keeps the sandbox's notion of "now".
 */
import type { Clock, Db } from './sandbox/types.ts';

/** The clock the platform owns: handlers only read it. */
export interface SandboxClock extends Clock {
  /** Moves the clock forward by `ms` (≥ 0) and persists the offset; answers the new time. */
  advance(ms: number): Promise<number>;
  /** Back to real time (sandbox reset). */
  reset(): Promise<void>;
  readonly offsetMs: number;
}

/** Loads the persisted offset and answers a clock over it. */
export async function createClock(db: Db, realNow: () => number = Date.now): Promise<SandboxClock> {
  const { rows } = await db.query<{ offset_ms: number }>('SELECT offset_ms FROM sandbox_clock WHERE id = 1');
  let offset = Number(rows[0]?.offset_ms ?? 0);
  const save = () =>
    db.query(
      'INSERT INTO sandbox_clock (id, offset_ms) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET offset_ms = EXCLUDED.offset_ms',
      [offset],
    );
  return {
    now: () => realNow() + offset,
    get offsetMs() {
      return offset;
    },
    advance: async (ms) => {
      offset += ms;
      await save();
      return realNow() + offset;
    },
    reset: async () => {
      offset = 0;
      await save();
    },
  };
}
