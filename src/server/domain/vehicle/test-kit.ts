/**
 * A test harness for the vehicle, consumer and taxi handlers: an in-memory PGlite with the
 * service's whole schema (every migration, as the service runs them: later ones alter earlier
 * tables), a clock the test moves and an SMS outbox.
 */
import type { PGlite } from '@electric-sql/pglite';
import { migratedMemoryDb } from '../../db/memory-db.ts';
import type { EndpointDef } from '../../../engine/endpoint-types.ts';
import type { Db, Handler, HandlerReply, PromoterSession, Services } from '../../sandbox/types.ts';
import { expectAnswerMatchesSchema } from '../../sandbox/answer-check.ts';

export interface VehicleKit {
  svc: Services;
  outbox: { celular: string; texto: string; token?: string; enlace?: string }[];
  advance(ms: number): void;
  /** Empties the vehicle tables, the outbox and the clock offset (one database per test file, a clean slate per test). */
  reset(): Promise<void>;
  call(
    handler: Handler | undefined,
    req?: {
      body?: Record<string, unknown>;
      params?: Record<string, string>;
      query?: Record<string, string>;
      promoter?: PromoterSession | null;
    },
  ): Promise<HandlerReply & { json: Record<string, unknown> }>;
}

/** Opens a fresh in-memory database and a kit over it; `start` is the service clock. */
export async function createVehicleKit(start = Date.UTC(2026, 2, 2, 15, 0, 0)): Promise<VehicleKit> {
  const lite = await migratedMemoryDb();
  const wrap = (q: Pick<PGlite, 'query'>): Db => ({
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await q.query<T>(sql, params)).rows }),
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx as unknown as Pick<PGlite, 'query'>))),
  });
  let now = start;
  const outbox: VehicleKit['outbox'] = [];
  const svc: Services = {
    db: wrap(lite),
    clock: { now: () => now },
    settings: {
      evaluationDelayMs: 0,
      rateCapTea: 1.1316,
      jwtSecret: 'a-test-secret-of-at-least-32-characters!',
      publicUrl: 'https://sandbox.test',
    },
    sms: {
      send: (m) => {
        outbox.push(m);
        return Promise.resolve();
      },
    },
    sockets: { emit: () => undefined },
    later: () => undefined,
    log: { warn: () => undefined },
  };
  const endpoint: EndpointDef = {
    id: 'test',
    method: 'POST',
    path: '/test',
    timeoutMs: 30000,
    codeField: null,
    codes: [],
    creates: false,
    request: null,
    response: 'x',
    summary: '',
    family: 'moto',
  };
  return {
    svc,
    outbox,
    advance: (ms) => {
      now += ms;
    },
    reset: async () => {
      now = start;
      outbox.length = 0;
      await lite.exec(
        'TRUNCATE vehicle_prospects, vehicle_contact_requests RESTART IDENTITY CASCADE; TRUNCATE lde_tokens, lde_lockouts, abuse_counters, login_throttle CASCADE;',
      );
    },
    call: async (handler, r = {}) => {
      if (!handler) throw new Error('no handler for this endpoint id');
      const reply = await handler(
        {
          endpoint,
          body: r.body ?? {},
          params: r.params ?? {},
          query: r.query ?? {},
          promoter: r.promoter ?? null,
          ip: '127.0.0.1',
        },
        svc,
      );
      await expectAnswerMatchesSchema(handler, reply);
      return { ...reply, json: (Buffer.isBuffer(reply.body) ? {} : reply.body) as Record<string, unknown> };
    },
  };
}
