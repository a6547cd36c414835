/**
 * The sandbox clock across instances: a move made with `POST /__sandbox/clock` on one instance
 * is seen by another on the same database within a second, moves made on both add up, and
 * the reset puts every instance back on real time.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLOCK_REFRESH_MS } from './clock.ts';
import { openSharedDatabase, startInstance, type Instance, type SharedDatabase } from './test-cluster.ts';

const HOUR = 3600_000;
let shared: SharedDatabase;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  shared = await openSharedDatabase();
  console.log(
    `sandbox clock across instances on ${shared.kind === 'postgres' ? 'PostgreSQL' : 'one embedded database shared in-process'}`,
  );
  a = await startInstance(shared);
  b = await startInstance(shared);
  // Opening the embedded database takes seconds, more on a busy machine.
}, 120_000);
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await shared?.close();
});

const move = async (instance: Instance, advanceMs: number) => {
  const r = await instance.app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { advanceMs } });
  expect(r.statusCode).toBe(200);
  return r.json<{ desfaseMs: number }>();
};

/** Within the refresh period plus a margin for a busy machine. */
const withinASecond = { timeout: CLOCK_REFRESH_MS + 500, interval: 25 };

describe('the sandbox clock shared by instances', () => {
  it('a move on one instance is seen by the other within a second', async () => {
    expect(b.services!.clock.offsetMs).toBe(0);
    expect((await move(a, 24 * HOUR)).desfaseMs).toBe(24 * HOUR);
    await vi.waitFor(() => expect(b.services!.clock.offsetMs).toBe(24 * HOUR), withinASecond);
    expect(Math.abs(b.services!.clock.now() - (Date.now() + 24 * HOUR))).toBeLessThan(5000);
  });

  it('moves made on both instances add up instead of one overwriting the other', async () => {
    const [ra, rb] = await Promise.all([move(a, HOUR), move(b, 2 * HOUR)]);
    expect(Math.max(ra.desfaseMs, rb.desfaseMs)).toBe(27 * HOUR);
    await vi.waitFor(() => {
      expect(a.services!.clock.offsetMs).toBe(27 * HOUR);
      expect(b.services!.clock.offsetMs).toBe(27 * HOUR);
    }, withinASecond);
  });

  it('a sandbox reset on one instance brings the other back to real time', async () => {
    const r = await b.app.inject({ method: 'POST', url: '/__sandbox/reset' });
    expect(r.statusCode).toBe(200);
    await vi.waitFor(() => expect(a.services!.clock.offsetMs).toBe(0), withinASecond);
  });

  it('reading the time makes no query (it is on every request path)', () => {
    const spy = vi.spyOn(shared.db, 'query');
    for (let i = 0; i < 100; i++) a.services!.clock.now();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
