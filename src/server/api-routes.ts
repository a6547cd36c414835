/**
 * The sandbox API: one route per registry path, dispatching to the handler of the entry the
 * fixed query picks, after validating the body against the entry's request schema. Creating
 * calls honour `Idempotency-Key`; the promoter behind the session cookie rides on every request.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointDef } from '../engine/endpoint-types.ts';
import type { HandlerMap, HandlerReply, PromoterSession } from './sandbox/types.ts';
import type { AnswerValidator, BodyValidator } from './request-validator.ts';
import type { PlatformServices } from './services.ts';
import type { Settings } from './settings.ts';
import { groupRoutes, pickEntry } from './registry.ts';
import { FAILURE_HEADER, forcedFailure } from './sandbox/forced-failure.ts';
import { badRequest, errorAnswer } from './api-errors.ts';
import { IdempotencyStore, requestHash, validKey, type StoredAnswer } from './idempotency.ts';
import { findSession } from './sessions.ts';
import { withClient } from './abuse-limits.ts';
import { withResumeGuard } from './resume-guard.ts';
import { namedApplicationIds } from './ownership.ts';
import { actorOf, recordChanges, snapshotApplications } from './domain/customers/audit.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie.ts';

/** Body limit of ordinary calls. */
export const BODY_LIMIT = 100 * 1024;
/** Body limit of calls that upload images or documents (base64 in JSON). */
export const UPLOAD_BODY_LIMIT = 12 * 1024 * 1024;

/** Longest path parameter accepted (the router's limit too): signed links carry a JWT in the path. */
export const MAX_PARAM_LENGTH = 1000;

/** True for calls that carry files: their id or request schema says so. */
export function isUpload(e: EndpointDef, schemaText: string | undefined): boolean {
  if (
    /upload|subir|cargar|imagen|foto|archivo|adjunt|biometr|documento[s]?Registrar|registrarDocumento/i.test(
      e.id,
    )
  )
    return true;
  return (
    schemaText !== undefined &&
    (/contentEncoding|contentMediaType/.test(schemaText) || /"maxLength"\s*:\s*\d{6,}/.test(schemaText))
  );
}

export interface ApiRoutesOptions {
  endpoints: readonly EndpointDef[];
  handlers: HandlerMap;
  validators: ReadonlyMap<string, BodyValidator>;
  /**
   * When given, every JSON answer of status 200 is checked against its call's response schema
   * and one that does not match fails the request with the schema's complaints (a 500, logged):
   * the contract guard tests run under (`SANDBOX_CHECK_ANSWERS`).
   */
  answers?: ReadonlyMap<string, AnswerValidator>;
  uploads: ReadonlySet<string>;
  services: PlatformServices;
  settings: Settings;
}

/** Query values as single strings (a repeated key keeps its first value). */
export function flatQuery(q: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (q && typeof q === 'object') {
    for (const [k, v] of Object.entries(q as Record<string, unknown>)) {
      const first: unknown = Array.isArray(v) ? v[0] : v;
      if (typeof first === 'string') out[k] = first;
    }
  }
  return out;
}

/** Registers every registry path on `app`. */
export function registerApiRoutes(app: FastifyInstance, o: ApiRoutesOptions): void {
  const idem = new IdempotencyStore(o.services.db);

  const promoterOf = async (request: FastifyRequest): Promise<PromoterSession | null> => {
    const token = readSessionCookie(request);
    return token === null
      ? null
      : findSession(o.services.db, o.services.clock, token, o.settings.sessionIdleMs);
  };

  const send = (reply: FastifyReply, answer: StoredAnswer) =>
    reply.code(answer.status).type(answer.contentType).send(answer.body);

  for (const group of groupRoutes(o.endpoints)) {
    const bodyLimit = group.entries.some((e) => o.uploads.has(e.id)) ? UPLOAD_BODY_LIMIT : BODY_LIMIT;
    app.route({
      method: group.method,
      url: group.pattern,
      bodyLimit,
      handler: async (request, reply) => {
        const query = flatQuery(request.query);
        const entry = pickEntry(group, query);
        if (entry === undefined) {
          const expected = group.entries
            .map((e) => new URLSearchParams(e.fixedQuery ?? {}).toString())
            .join(' | ');
          return badRequest(reply, [
            {
              campo: 'query',
              mensaje: `no corresponde a ninguna operación de esta ruta; se espera ${expected}`,
            },
          ]);
        }
        const params = (request.params ?? {}) as Record<string, string>;
        // Up to the router's limit: signed document links carry a JWT of about 250 characters.
        const badParams = Object.entries(params).filter(
          ([, v]) => v.length === 0 || v.length > MAX_PARAM_LENGTH,
        );
        if (badParams.length > 0)
          return badRequest(
            reply,
            badParams.map(([k]) => ({
              campo: k,
              mensaje: `debe tener entre 1 y ${MAX_PARAM_LENGTH} caracteres`,
            })),
          );
        for (const [k, v] of Object.entries(query)) {
          if (v.length > 2000) return badRequest(reply, [{ campo: k, mensaje: 'es demasiado largo' }]);
        }
        let body: Record<string, unknown> = {};
        if (entry.request !== null) {
          const errors = o.validators.get(entry.id)?.(request.body) ?? [];
          if (errors.length > 0) return badRequest(reply, errors);
          body = request.body as Record<string, unknown>;
        }
        // The generic failure a tester (or the path tests) asks for (sandbox/forced-failure.ts).
        const failure = forcedFailure(entry, request.headers[FAILURE_HEADER]);
        if (failure !== undefined) {
          if (o.answers !== undefined) checkAnswer(entry, failure, o.answers);
          return send(reply, toAnswer(failure));
        }
        const handler = o.handlers[entry.id];
        if (handler === undefined)
          return errorAnswer(reply, 501, 'error.notImplemented', { endpoint: entry.id });

        const promoter = await promoterOf(request);
        const run = async (): Promise<StoredAnswer> => {
          // The client's address rides along for the limits counted deep in the domain (SMS).
          // The caller's holdings ride along too: a creating call resumes an open application
          // only for its holder (resume-guard.ts).
          const holder = request.ownership?.caller.browser ?? null;
          // An existing customer's application keeps a trail of who changed what (customers/audit.ts).
          const named = namedApplicationIds(entry, params, query, body, 'lde');
          const before = await snapshotApplications(o.services.db, named);
          let result: HandlerReply;
          try {
            result = await withResumeGuard(request.ownership?.mayResume, () =>
              withClient(
                request.ip,
                () =>
                  handler(
                    { endpoint: entry, body, params, query, promoter, ip: request.ip, holder },
                    o.services,
                  ),
                o.settings,
              ),
            );
          } finally {
            // Also what a call changed before it failed.
            await recordChanges(
              o.services.db,
              before,
              actorOf(promoter, holder),
              entry.id,
              o.services.clock.now(),
            );
          }
          if (o.answers !== undefined) checkAnswer(entry, result, o.answers);
          applySession(request, reply, result, o.settings);
          return toAnswer(result);
        };

        const key = request.headers['idempotency-key'];
        if (!entry.creates || key === undefined) return send(reply, await run());
        if (typeof key !== 'string' || !validKey(key))
          return badRequest(reply, [
            { campo: 'Idempotency-Key', mensaje: 'debe tener entre 1 y 200 caracteres visibles' },
          ]);
        const hash = requestHash({ body, params, query, promoter: promoter?.usuario ?? null });
        const claim = await idem.claim(key, entry.id, hash, entry.timeoutMs);
        if (claim.kind === 'conflict' || claim.kind === 'busy')
          return errorAnswer(reply, 409, 'error.idempotencyConflict');
        if (claim.kind === 'replay') return send(reply.header('Idempotent-Replay', 'true'), claim.answer);
        let answer: StoredAnswer;
        try {
          answer = await run();
        } catch (err) {
          await idem.release(key, entry.id);
          throw err;
        }
        await idem.complete(key, entry.id, answer);
        return send(reply, answer);
      },
    });
  }
}

/** Throws when a JSON answer of status 200 breaks its call's response schema. */
function checkAnswer(
  entry: EndpointDef,
  r: HandlerReply,
  answers: ReadonlyMap<string, AnswerValidator>,
): void {
  if ((r.status ?? 200) !== 200 || r.body instanceof Uint8Array) return;
  if (r.contentType !== undefined && !/json/.test(r.contentType)) return;
  const problems = answers.get(entry.id)?.(r.body ?? null) ?? [];
  if (problems.length > 0)
    throw new Error(
      `La respuesta de ${entry.id} no cumple su esquema (${entry.response}): ${problems.join('; ')}`,
    );
}

function toAnswer(r: HandlerReply): StoredAnswer {
  const status = r.status ?? 200;
  if (r.body instanceof Uint8Array)
    return { status, contentType: r.contentType ?? 'application/octet-stream', body: Buffer.from(r.body) };
  if (r.contentType !== undefined && !/json/.test(r.contentType) && typeof r.body === 'string') {
    return { status, contentType: r.contentType, body: Buffer.from(r.body, 'utf8') };
  }
  return {
    status,
    contentType: r.contentType ?? 'application/json; charset=utf-8',
    body: Buffer.from(JSON.stringify(r.body ?? null), 'utf8'),
  };
}

function applySession(
  request: FastifyRequest,
  reply: FastifyReply,
  r: HandlerReply,
  settings: Settings,
): void {
  if (r.session === undefined) return;
  if ('token' in r.session) setSessionCookie(request, reply, r.session.token, settings);
  else clearSessionCookie(request, reply, settings);
}
