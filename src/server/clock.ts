/**
 * The service's clock: real time plus an offset the sandbox moves forward
 * (`POST /__sandbox/clock`) to reach token expiry, link expiry and lockouts on purpose. The
 * offset is a row of the database, so a restart keeps the sandbox's notion of "now" and every
 * instance on the same database shares it.
 *
 * Reading the time never touches the database (it is read on every request's hot path): each
 * instance keeps the offset in memory and refreshes it in the background once per
 * `refreshMs`, so a move made on one instance is seen by the others within that time.
 */
import type { Clock, Db } from './sandbox/types.ts';

/** The clock the platform owns: handlers only read it. */
export interface SandboxClock extends Clock {
  /** Moves the clock forward by `ms` (≥ 0) in the database; answers the new time. */
  advance(ms: number): Promise<number>;
  /** Back to real time (sandbox reset). */
  reset(): Promise<void>;
  readonly offsetMs: number;
  /** Stops the background refresh (shutdown). */
  stop(): void;
}

/** How often an instance rereads the shared offset. */
export const CLOCK_REFRESH_MS = 1000;

export interface ClockOptions {
  /** Milliseconds between background rereads of the offset (default {@link CLOCK_REFRESH_MS}). */
  refreshMs?: number;
  /** Told when a background reread fails; the last known offset stays in use. */
  onError?: (err: Error) => void;
}

const READ = 'SELECT offset_ms FROM sandbox_clock WHERE id = 1';

/** Loads the shared offset and answers a clock over it that keeps itself up to date. */
export async function createClock(
  db: Db,
  realNow: () => number = Date.now,
  options: ClockOptions = {},
): Promise<SandboxClock> {
  const { rows } = await db.query<{ offset_ms: number }>(READ);
  let offset = Number(rows[0]?.offset_ms ?? 0);
  // Bumped by every local write: a reread that started before a write must not put back the
  // value the write replaced.
  let writes = 0;
  let reading = false;
  const refresh = async () => {
    if (reading) return;
    reading = true;
    const before = writes;
    try {
      const r = await db.query<{ offset_ms: number }>(READ);
      if (writes === before) offset = Number(r.rows[0]?.offset_ms ?? 0);
    } catch (err) {
      options.onError?.(err as Error);
    } finally {
      reading = false;
    }
  };
  const timer = setInterval(() => void refresh(), options.refreshMs ?? CLOCK_REFRESH_MS);
  timer.unref();

  /** Writes in one statement, so moves made at once on two instances add up. */
  const write = async (sql: string, params: unknown[]) => {
    writes++;
    const r = await db.query<{ offset_ms: number }>(sql, params);
    offset = Number(r.rows[0]?.offset_ms ?? 0);
  };
  return {
    now: () => realNow() + offset,
    get offsetMs() {
      return offset;
    },
    advance: async (ms) => {
      await write(
        `INSERT INTO sandbox_clock (id, offset_ms) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET offset_ms = sandbox_clock.offset_ms + EXCLUDED.offset_ms
         RETURNING offset_ms`,
        [ms],
      );
      return realNow() + offset;
    },
    reset: async () => {
      await write(
        `INSERT INTO sandbox_clock (id, offset_ms) VALUES (1, 0)
         ON CONFLICT (id) DO UPDATE SET offset_ms = 0 RETURNING offset_ms`,
        [],
      );
    },
    stop: () => clearInterval(timer),
  };
}
