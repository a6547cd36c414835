/**
 * What operators and orchestrators use: the request id and the one log line per request
 * (`request-log.ts`), the metrics at `/metrics` (sandbox mode, or `METRICS=on`), `/healthz`
 * (the process answers) and `/readyz` (it can serve: database reachable with every migration
 * applied, socket layer up, gateway reachable in upstream mode; 503 while draining), and the
 * drain a SIGTERM starts (`drain`): no new work, requests in flight answered, evaluations
 * waiting for their delay run at once and finished, sockets closed last.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EndpointDef } from '../../engine/endpoint-types.ts';
import type { PlatformDb } from '../db/open-db.ts';
import { listMigrations } from '../db/migrate.ts';
import { batchObservers } from '../db/batcher.ts';
import { groupRoutes, pickEntry, type RouteGroup } from '../registry.ts';
import type { PlatformServices } from '../services.ts';
import type { Settings } from '../settings.ts';
import { flatQuery } from '../api-routes.ts';
import { createMetrics, type Metrics } from './metrics.ts';
import { REQUEST_ID_HEADER, routeOf } from './request-log.ts';

/** What `/readyz` checks beyond the process. */
export interface ReadinessDeps {
  db: PlatformDb | null;
  /** True while the socket layer (and its Redis adapter, if any) is up. */
  socketsUp: () => boolean;
  upstreamUrl: string | null;
}

export interface Ops {
  metrics: Metrics | null;
  /** Registers the routes and wires the sandbox services (evaluations, SMS) to the metrics. */
  attach(deps: ReadinessDeps, services: PlatformServices | null): void;
  /** Requests being answered now. */
  inFlight(): number;
  /**
   * Stops taking work and waits (up to `timeoutMs`) for the requests in flight; then runs the
   * evaluations still waiting for their delay and waits for them to finish.
   */
  drain(timeoutMs?: number): Promise<void>;
  close(): void;
}

/** How long `/readyz` waits for the gateway before calling it unreachable. */
const UPSTREAM_CHECK_MS = 2000;

/** Installs the hooks; call before the routes are registered. */
export function installOps(app: FastifyInstance, settings: Settings, endpoints: readonly EndpointDef[]): Ops {
  const groups = new Map<string, RouteGroup>();
  for (const g of groupRoutes(endpoints)) groups.set(`${g.method} ${g.pattern}`, g);
  const callOf = (request: FastifyRequest): string => {
    const route = routeOf(request);
    const group = groups.get(`${request.method} ${route}`);
    if (group === undefined) return request.routeOptions.url === undefined ? 'desconocida' : route;
    return pickEntry(group, flatQuery(request.query))?.id ?? route;
  };

  // Evaluations waiting for their delay (not yet started) and running.
  const waiting = new Map<number, () => Promise<void>>();
  let running = 0;
  let nextId = 0;
  const metrics =
    settings.mode === 'sandbox' || settings.metrics ? createMetrics(() => waiting.size + running) : null;
  const observeBatch = (n: number) => metrics?.batchSize.observe(n);
  if (metrics !== null) batchObservers.add(observeBatch);

  let draining = false;
  let inFlight = 0;
  const idleWaiters: (() => void)[] = [];
  let services: PlatformServices | null = null;

  app.addHook('onRequest', (request, reply, done) => {
    inFlight++;
    reply.header(REQUEST_ID_HEADER, request.id);
    // A connection kept alive is closed after this answer while draining.
    if (draining) reply.header('Connection', 'close');
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    inFlight--;
    const call = callOf(request);
    const seconds = reply.elapsedTime / 1000;
    request.log.info(
      {
        method: request.method,
        route: routeOf(request),
        call,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'solicitud',
    );
    metrics?.requests.inc({ call, method: request.method, status: String(reply.statusCode) });
    metrics?.duration.observe({ call, method: request.method }, seconds);
    if (inFlight === 0) for (const w of idleWaiters.splice(0)) w();
    done();
  });

  let deps: ReadinessDeps = { db: null, socketsUp: () => false, upstreamUrl: null };

  const checks = async (): Promise<Record<string, string>> => {
    const out: Record<string, string> = {};
    if (deps.db !== null) {
      try {
        const { rows } = await deps.db.query<{ version: string }>('SELECT version FROM schema_migrations');
        const applied = new Set(rows.map((r) => r.version));
        const missing = listMigrations().filter((m) => !applied.has(m.version));
        out.database = 'ok';
        out.migrations = missing.length === 0 ? 'ok' : `faltan ${missing.length}`;
      } catch {
        out.database = 'sin conexión';
      }
    }
    out.sockets = deps.socketsUp() ? 'ok' : 'caídos';
    if (deps.upstreamUrl !== null) {
      try {
        // Any HTTP answer means the gateway is reachable; only no answer is a failure.
        await fetch(deps.upstreamUrl, { method: 'HEAD', signal: AbortSignal.timeout(UPSTREAM_CHECK_MS) });
        out.upstream = 'ok';
      } catch {
        out.upstream = 'inalcanzable';
      }
    }
    return out;
  };

  return {
    metrics,
    attach(d, svc) {
      deps = d;
      services = svc;
      if (svc !== null) {
        const later = svc.later.bind(svc);
        svc.later = (ms, fn) => {
          const id = nextId++;
          const start = async () => {
            if (!waiting.delete(id)) return;
            running++;
            try {
              await fn();
            } finally {
              running--;
            }
          };
          waiting.set(id, start);
          later(ms, start);
        };
        const cancelLater = svc.cancelLater.bind(svc);
        svc.cancelLater = () => {
          cancelLater();
          waiting.clear();
        };
        const send = svc.sms.send.bind(svc.sms);
        svc.sms.send = async (msg) => {
          await send(msg);
          metrics?.sms.inc();
        };
      }

      const noStore = { 'Cache-Control': 'no-store' };
      app.get('/healthz', (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));
      app.get('/readyz', async (_request, reply) => {
        if (draining) return reply.code(503).headers(noStore).send({ status: 'draining' });
        const c = await checks();
        const ok = Object.values(c).every((v) => v === 'ok');
        return reply
          .code(ok ? 200 : 503)
          .headers(noStore)
          .send({ status: ok ? 'ok' : 'unavailable', checks: c });
      });
      if (metrics !== null)
        app.get('/metrics', async (_request, reply) =>
          reply
            .headers(noStore)
            .type(metrics.registry.contentType)
            .send(await metrics.registry.metrics()),
        );
    },
    inFlight: () => inFlight,
    async drain(timeoutMs = 25000) {
      draining = true;
      app.server.closeIdleConnections?.();
      if (inFlight > 0)
        await Promise.race([
          new Promise<void>((resolve) => idleWaiters.push(resolve)),
          new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref()),
        ]);
      // Evaluations still waiting for their delay are decided now rather than lost.
      const runs = [...waiting.values()].map((start) => start());
      services?.cancelLater();
      await Promise.allSettled(runs);
      await services?.settle();
    },
    close() {
      batchObservers.delete(observeBatch);
    },
  };
}
