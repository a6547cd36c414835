/**
 * The server: one process, one port. It serves the built site with security headers and, in
 * sandbox mode, the embedded origination service (API, sockets, sandbox helpers) over the
 * database; in upstream mode it proxies the API to the lender's gateway instead.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { EndpointDef } from '../engine/endpoint-types.ts';
import type { HandlerMap } from './sandbox/types.ts';
import type { Settings } from './settings.ts';
import { loadRegistry, apiPrefixes } from './registry.ts';
import { compileValidators } from './request-validator.ts';
import { installErrorHandler } from './api-errors.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { registerStaticSite } from './static-site.ts';
import { registerApiRoutes, isUpload, BODY_LIMIT, MAX_PARAM_LENGTH } from './api-routes.ts';
import { registerUpstreamProxy } from './upstream-proxy.ts';
import { openDb, type PlatformDb } from './db/open-db.ts';
import { createClock } from './clock.ts';
import { attachSockets, type SocketHub } from './sockets.ts';
import { createServices, type PlatformServices } from './services.ts';
import { registerSandboxHelpers, seedAll } from './sandbox-helpers.ts';

/** The shared request schemas. */
export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/api/', import.meta.url));

/** What tests may swap; the server itself uses the defaults. */
export interface AppOptions {
  /** The endpoint registry (default: `src/engine/endpoints.ts`). */
  endpoints?: readonly EndpointDef[];
  /** Sandbox handlers (default: `src/server/sandbox/handlers/index.ts`). */
  handlers?: HandlerMap;
  schemasDir?: string;
}

/** A built server. `db`, `services` and `sockets` exist in sandbox mode. */
export interface BuiltApp {
  app: FastifyInstance;
  db: PlatformDb | null;
  services: PlatformServices | null;
  sockets: SocketHub | null;
  /** Request schema files the registry names but `schemas/api/` lacks. */
  missingSchemas: string[];
  close(): Promise<void>;
}

/** Masks digit runs (DNI, phone) in a path before it reaches the log. */
function safePath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  return route ?? (request.url.split('?')[0] ?? '').replace(/\d{6,}/g, '…');
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
    // Personal data stays out of the log: route patterns, never URLs with DNIs or phones.
    logger:
      settings.logLevel === 'silent'
        ? false
        : {
            level: settings.logLevel,
            serializers: {
              req: (request: FastifyRequest) => ({ method: request.method, path: safePath(request) }),
              res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
            },
          },
  });
  await app.register(fastifyCookie);
  installSecurityHeaders(app, settings);
  installErrorHandler(app);

  // Empty JSON bodies (a logout without payload) parse as "no body"; the schema then decides.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const textBody = typeof body === 'string' ? body : body.toString('utf8');
    if (textBody.trim() === '') done(null, undefined);
    else void json(request, textBody, done);
  });

  let db: PlatformDb | null = null;
  let services: PlatformServices | null = null;
  let sockets: SocketHub | null = null;
  let missingSchemas: string[] = [];

  if (settings.mode === 'upstream' && settings.upstreamUrl !== null && settings.upstreamBasicAuth !== null) {
    registerUpstreamProxy(app, {
      upstreamUrl: settings.upstreamUrl,
      basicAuth: settings.upstreamBasicAuth,
      endpoints,
    });
  } else {
    const schemasDir = options.schemasDir ?? SCHEMAS_DIR;
    const handlers = options.handlers ?? (await import('./sandbox/handlers/index.ts')).handlers;
    db = await openDb(settings);
    try {
      const clock = await createClock(db);
      const { rows } = await db.query("SELECT 1 FROM settings_kv WHERE key = 'seeded'");
      if (rows.length === 0) await seedAll(db);
      sockets = attachSockets(app.server, db, app.log);
      services = createServices(settings, db, clock, sockets, app.log);
      const compiled = compileValidators(endpoints, schemasDir);
      missingSchemas = compiled.missing;
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
        uploads,
        services,
        settings,
      });
      registerSandboxHelpers(app, db, services);
    } catch (err) {
      await db.close();
      throw err;
    }
  }

  if (settings.redisUrl !== null) {
    app.log.warn(
      'REDIS_URL está definida, pero esta versión no instala el adaptador Redis de socket.io: con varias instancias, un resultado emitido en otra instancia llega al cliente al unirse (se guarda en la base), no en vivo.',
    );
  }
  await registerStaticSite(app, settings.distDir, apiPrefixes(endpoints));
  await app.ready();

  let closed = false;
  return {
    app,
    db,
    services,
    sockets,
    missingSchemas,
    close: async () => {
      if (closed) return;
      closed = true;
      services?.cancelLater();
      await services?.settle();
      await sockets?.close();
      await app.close();
      await db?.close();
    },
  };
}
