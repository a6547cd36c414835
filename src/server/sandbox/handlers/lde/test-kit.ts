/**
 * A test harness for the instant-credit handlers: an in-memory PGlite with every migration
 * (src/server/db/memory-db.ts), a clock the test moves, an SMS outbox, captured socket emits and a queue of
 * scheduled work the test runs on demand (no real waiting).
 */
import type { PGlite } from '@electric-sql/pglite';
import { migratedMemoryDb } from '../../../db/memory-db.ts';
import type { Db, Handler, HandlerReply, PromoterSession, Services } from '../../types.ts';
import type { EndpointDef } from '../../../../engine/endpoint-types.ts';
import { expectAnswerMatchesSchema } from '../../answer-check.ts';
import { handlers as tokens } from '../contracts.ts';

/** What a test sees of the services. */
export interface TestKit {
  svc: Services;
  /** SMS sent, oldest first. */
  outbox: { celular: string; texto: string; token?: string; enlace?: string }[];
  emits: { namespace: string; room: string; event: string; payload: unknown }[];
  advance(ms: number): void;
  /** Runs the work scheduled with `later`, in order. */
  flush(): Promise<void>;
  call(
    handler: Handler,
    req?: {
      body?: Record<string, unknown>;
      params?: Record<string, string>;
      query?: Record<string, string>;
      promoter?: PromoterSession | null;
      path?: string;
    },
  ): Promise<HandlerReply & { json: Record<string, unknown> }>;
  /** Empties the instant-credit tables, the outbox, emits and queue, and puts the clock back (cheaper than a new database). */
  reset(): Promise<void>;
  /** The newest token texted to `celular`. */
  lastToken(celular: string): string;
  /**
   * Proves an instant-credit applicant's phone as the site does after the pre-evaluation: the
   * code is texted and typed back. The policy evaluation then goes on (run it with `flush`).
   */
  verifyPhone(a: { id: number; documento: string; telefono: string }): Promise<void>;
}

/** Opens a fresh in-memory database with every migration (later ones alter earlier tables) and a kit over it. */
export async function createKit(start = Date.UTC(2026, 2, 2, 15, 0, 0)): Promise<TestKit> {
  const lite = await migratedMemoryDb();
  const wrap = (q: Pick<PGlite, 'query'>): Db => ({
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await q.query<T>(sql, params)).rows }),
    transaction: (fn) => lite.transaction((tx) => fn(wrap(tx as unknown as Pick<PGlite, 'query'>))),
  });
  const { rows: tables } = await lite.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND (tablename LIKE 'lde\\_%' OR tablename LIKE 'customer%' OR tablename IN ('abuse_counters', 'login_throttle'))",
  );
  let now = start;
  const outbox: TestKit['outbox'] = [];
  const emits: TestKit['emits'] = [];
  const queue: (() => Promise<void>)[] = [];
  const svc: Services = {
    db: wrap(lite),
    clock: { now: () => now },
    settings: {
      evaluationDelayMs: 1500,
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
    sockets: { emit: (namespace, room, event, payload) => emits.push({ namespace, room, event, payload }) },
    later: (_ms, fn) => queue.push(fn),
    log: { warn: () => undefined },
  };
  const endpoint = (path: string): EndpointDef => ({
    id: 'test',
    method: 'POST',
    path,
    timeoutMs: 30000,
    codeField: 'codRes',
    codes: [],
    creates: false,
    request: null,
    response: 'x',
    summary: '',
    family: 'lde',
  });
  const lastToken = (celular: string): string => {
    const m = [...outbox].reverse().find((o) => o.celular === celular && o.token);
    if (!m?.token) throw new Error(`no token texted to ${celular}`);
    return m.token;
  };
  return {
    svc,
    outbox,
    emits,
    advance: (ms) => {
      now += ms;
    },
    flush: async () => {
      while (queue.length > 0) await queue.shift()!();
    },
    call: async (handler, r = {}) => {
      const reply = await handler(
        {
          endpoint: endpoint(r.path ?? '/test'),
          body: r.body ?? {},
          params: r.params ?? {},
          query: r.query ?? {},
          promoter: r.promoter ?? null,
          ip: '127.0.0.1',
        },
        svc,
      );
      await expectAnswerMatchesSchema(handler, reply);
      return { ...reply, json: reply.body as Record<string, unknown> };
    },
    reset: async () => {
      await lite.exec(`TRUNCATE ${tables.map((t) => t.tablename).join(', ')} CASCADE`);
      outbox.length = 0;
      emits.length = 0;
      queue.length = 0;
      now = start;
    },
    lastToken,
    verifyPhone: async ({ id, documento, telefono }) => {
      const body = { codigoProspecto: id, documento, celular: telefono, grupo: 'CREDINSTANTE', tipo: 1 };
      const request = {
        endpoint: endpoint('/kong/token'),
        params: {},
        query: {},
        promoter: null,
        ip: '127.0.0.1',
      };
      const sent = await tokens['tokens.send']!({ ...request, body }, svc);
      if ((sent.body as { codRes?: string }).codRes !== '00')
        throw new Error(`no code texted to ${telefono}`);
      const token = lastToken(telefono);
      const valid = await tokens['tokens.validate']!({ ...request, body: { ...body, token } }, svc);
      if ((valid.body as { codRes?: string }).codRes !== '00')
        throw new Error(`the code of ${telefono} was refused`);
    },
  };
}

/** A valid Credinstante lead-form body for `documento` (a plate, three trips a day, terms accepted). */
export const lead = (documento: string, extra: Record<string, unknown> = {}) => ({
  tipoDocumento: 1,
  documento,
  fechaNacimiento: '1990-05-10',
  placa: 'ABC-123',
  recorridoxDia: 3,
  telefono: '987654321',
  email: 'cliente@example.pe',
  terms: '1',
  ...extra,
});
