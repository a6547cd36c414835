/**
 * The server: one process, one port. It serves the built site with security headers and, in
 * sandbox mode, the embedded origination service (API, sockets, sandbox helpers) over the
 * database; in upstream mode it proxies the API to the lender's gateway instead.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import fastifyCookie from '@fastify/cookie';
import type { EndpointDef } from '../engine/endpoint-types.ts';
import type { HandlerMap } from './sandbox/types.ts';
import type { Settings } from './settings.ts';
import { loadRegistry, apiPrefixes } from './registry.ts';
import { compileValidators } from './request-validator.ts';
import { installErrorHandler } from './api-errors.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { installSiteHeaderGuard } from './site-header.ts';
import { hostileInputOptions, installInputGuard, jsonDepthExceeds, tooDeep } from './hostile-input.ts';
import { registerStaticSite } from './static-site.ts';
import { registerApiRoutes, isUpload, BODY_LIMIT, MAX_PARAM_LENGTH } from './api-routes.ts';
import { registerUpstreamProxy } from './upstream-proxy.ts';
import { openDb, type PlatformDb } from './db/open-db.ts';
import { createClock } from './clock.ts';
import { attachSockets, type SocketHub } from './sockets.ts';
import { connectRedisAdapter, type RedisAdapterHandle } from './socket-redis.ts';
import { attachUpstreamSockets, type UpstreamSockets } from './upstream-sockets.ts';
import { createServices, type PlatformServices } from './services.ts';
import { registerSandboxHelpers, seedAll } from './sandbox-helpers.ts';
import { installOwnership, sandboxLookup } from './ownership.ts';
import { endClosedSession, readSessionCookie } from './session-cookie.ts';
import { findSession } from './sessions.ts';
import type { PromoterPages } from './static-site.ts';
import { installOps, type Ops } from './ops/index.ts';
import { loggerOptions, requestIdOf } from './ops/request-log.ts';
import { registerOpenApi } from './openapi/serve.ts';

/** The shared request schemas. */
export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/api/', import.meta.url));

/** What tests may swap; the server itself uses the defaults. */
export interface AppOptions {
  /** The endpoint registry (default: `src/engine/endpoints.ts`). */
  endpoints?: readonly EndpointDef[];
  /** Sandbox handlers (default: `src/server/sandbox/handlers/index.ts`). */
  handlers?: HandlerMap;
  schemasDir?: string;
  /**
   * An open database shared with other instances in the same process (multi-instance
   * tests); the app neither migrates nor closes it.
   */
  db?: PlatformDb;
  /** Where the log lines go (tests read them); stdout by default. */
  logStream?: DestinationStream;
}

/** A built server. `db`, `services` and `sockets` exist in sandbox mode. */
export interface BuiltApp {
  app: FastifyInstance;
  db: PlatformDb | null;
  services: PlatformServices | null;
  sockets: SocketHub | null;
  /** Request schema files the registry names but `schemas/api/` lacks. */
  missingSchemas: string[];
  /** Health, readiness, metrics and the drain before `close`. */
  ops: Ops;
  close(): Promise<void>;
}

/** Builds the server (not yet listening). */
export async function buildApp(settings: Settings, options: AppOptions = {}): Promise<BuiltApp> {
  const endpoints = options.endpoints ?? loadRegistry();
  const app = Fastify({
    trustProxy: settings.trustProxy,
    bodyLimit: BODY_LIMIT,
    // Signed links carry their JWT in the path (contract documents, about 250 characters);
    // the default 100-character limit answered them 404.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The router's and the HTTP parser's own refusals, in Spanish with the security headers.
    ...hostileInputOptions(settings),
    // One scrubbed JSON line per request (ops/request-log.ts); the id answers in X-Request-Id.
    logger: loggerOptions(settings, options.logStream),
    genReqId: requestIdOf,
    logController: new LogController({ disableRequestLogging: true }),
  });
  await app.register(fastifyCookie);
  installSecurityHeaders(app, settings);
  installErrorHandler(app);
  const ops = installOps(app, settings, endpoints);
  installInputGuard(app);
  installSiteHeaderGuard(app, endpoints);

  // Empty JSON bodies (a logout without payload) parse as "no body"; the schema then decides.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const textBody = typeof body === 'string' ? body : body.toString('utf8');
    if (textBody.trim() === '') done(null, undefined);
    // Too deep is refused before parsing: code that walks the value would overflow the stack.
    else if (jsonDepthExceeds(textBody)) done(tooDeep(), undefined);
    else void json(request, textBody, done);
  });

  let db: PlatformDb | null = null;
  let services: PlatformServices | null = null;
  let sockets: SocketHub | null = null;
  let missingSchemas: string[] = [];
  let redis: RedisAdapterHandle | null = null;
  let upstreamSockets: UpstreamSockets | null = null;
  // Upstream keeps the promoter sessions: the pages then go by the cookie alone.
  let promoterPages: PromoterPages | undefined;
  const ownsDb = options.db === undefined;

  if (settings.mode === 'upstream' && settings.upstreamUrl !== null && settings.upstreamBasicAuth !== null) {
    // The applications each browser holds are kept here in upstream mode too.
    db = options.db ?? (await openDb(settings));
    installOwnership(app, { endpoints, db, settings });
    registerUpstreamProxy(app, {
      upstreamUrl: settings.upstreamUrl,
      basicAuth: settings.upstreamBasicAuth,
      endpoints,
    });
    upstreamSockets = attachUpstreamSockets(
      app.server,
      {
        upstreamUrl: settings.upstreamUrl,
        basicAuth: settings.upstreamBasicAuth,
        socketPath: settings.upstreamSocketPath,
      },
      app.log,
    );
  } else {
    const schemasDir = options.schemasDir ?? SCHEMAS_DIR;
    const handlers = options.handlers ?? (await import('./sandbox/handlers/index.ts')).handlers;
    // Redis first: an unreachable REDIS_URL stops the start before the database is opened.
    if (settings.redisUrl !== null) redis = await connectRedisAdapter(settings.redisUrl, app.log);
    try {
      db = options.db ?? (await openDb(settings));
    } catch (err) {
      await redis?.close();
      throw err;
    }
    let clock: Awaited<ReturnType<typeof createClock>> | null = null;
    try {
      clock = await createClock(db, Date.now, {
        onError: (err) =>
          app.log.error(
            { err: { type: err.name, stack: err.stack } },
            'no se pudo releer el reloj del sandbox',
          ),
      });
      const { rows } = await db.query("SELECT 1 FROM settings_kv WHERE key = 'seeded'");
      if (rows.length === 0) await seedAll(db);
      sockets = attachSockets(app.server, db, app.log, redis !== null ? { adapter: redis.adapter } : {});
      services = createServices(settings, db, clock, sockets, app.log);
      const sessionDb = db;
      const sessionClock = clock;
      const promoterOf = async (request: FastifyRequest) => {
        const token = readSessionCookie(request);
        return token === null ? null : findSession(sessionDb, sessionClock, token, settings.sessionIdleMs);
      };
      // The pages ask the same question as the calls: is the cookie's session open?
      promoterPages = {
        isOpen: async (request) => (await promoterOf(request)) !== null,
        endClosed: (request, reply) => endClosedSession(request, reply, settings),
      };
      installOwnership(app, {
        endpoints,
        db,
        settings,
        promoterOf,
        lookup: sandboxLookup(db),
      });
      const compiled = compileValidators(endpoints, schemasDir);
      missingSchemas = [...compiled.missing];
      if (missingSchemas.length > 0)
        app.log.warn(
          { missingSchemas },
          'faltan esquemas de solicitud: esas llamadas solo exigen un objeto JSON',
        );
      const uploads = new Set(
        endpoints
          .filter((e) => {
            const file = e.request === null ? undefined : join(schemasDir, e.request);
            let textOfSchema: string | undefined;
            try {
              textOfSchema = file === undefined ? undefined : readFileSync(file, 'utf8');
            } catch {
              textOfSchema = undefined;
            }
            return isUpload(e, textOfSchema);
          })
          .map((e) => e.id),
      );
      registerApiRoutes(app, {
        endpoints,
        handlers,
        validators: compiled.validators,
        ...(settings.checkAnswers ? { answers: compiled.answers } : {}),
        uploads,
        services,
        settings,
      });
      registerSandboxHelpers(app, db, services);
      // Evaluations left pending by the last stop (deploy, crash) are scheduled again.
      const resumed = await (
        await import('./sandbox/handlers/lde/evaluation-resume.ts')
      ).resumePendingEvaluations(services);
      if (resumed > 0) app.log.info({ resumed }, 'evaluaciones pendientes reanudadas');
      // So are the conversion resume links still due (texted when the applicant leaves).
      const links = await (
        await import('./domain/conversion/resume-link.ts')
      ).resumePendingResumeLinks(services);
      if (links > 0) app.log.info({ links }, 'enlaces de conversión reprogramados');
    } catch (err) {
      clock?.stop();
      await sockets?.close();
      await redis?.close();
      if (ownsDb) await db.close();
      throw err;
    }
  }

  ops.attach(
    {
      db,
      socketsUp: () => (sockets !== null && (redis?.ready() ?? true)) || upstreamSockets !== null,
      upstreamUrl: settings.mode === 'upstream' ? settings.upstreamUrl : null,
    },
    services,
  );
  registerOpenApi(app, endpoints, options.schemasDir);
  await registerStaticSite(app, settings.distDir, apiPrefixes(endpoints), promoterPages);
  await app.ready();

  let closed = false;
  return {
    app,
    db,
    services,
    sockets,
    missingSchemas,
    ops,
    close: async () => {
      if (closed) return;
      closed = true;
      ops.close();
      services?.cancelLater();
      services?.clock.stop();
      await services?.settle();
      await sockets?.close();
      await upstreamSockets?.close();
      await redis?.close();
      await app.close();
      if (ownsDb) await db?.close();
    },
  };
}
