/**
 * Upstream mode: every registry path is forwarded to the lender's gateway (method, path, query,
 * body and content type as they came), with the gateway's basic-auth header added here, so the
 * credential never reaches a browser. Each call keeps the registry's timeout.
 */
import type { FastifyInstance } from 'fastify';
import type { EndpointDef } from '../engine/endpoint-types.ts';
import { groupRoutes } from './registry.ts';
import { errorAnswer } from './api-errors.ts';
import { UPLOAD_BODY_LIMIT } from './api-routes.ts';

/** Request headers passed through to the gateway. */
const FORWARDED_REQUEST_HEADERS = [
  'content-type',
  'accept',
  'accept-language',
  'cookie',
  'idempotency-key',
  // The captcha v3 token of a creating call or the promoter login: the gateway verifies it.
  'x-captcha-token',
  'user-agent',
];
/** Answer headers passed back to the browser. */
const FORWARDED_ANSWER_HEADERS = [
  'content-type',
  'content-disposition',
  'cache-control',
  'idempotent-replay',
];

export interface UpstreamOptions {
  upstreamUrl: string;
  /** base64 of `user:password`. */
  basicAuth: string;
  endpoints: readonly EndpointDef[];
}

/** Registers the proxy routes. The gateway receives bodies byte for byte. */
export function registerUpstreamProxy(app: FastifyInstance, o: UpstreamOptions): void {
  // Bodies pass through unparsed, whatever their type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  for (const group of groupRoutes(o.endpoints)) {
    const timeoutMs = Math.max(...group.entries.map((e) => e.timeoutMs));
    app.route({
      method: group.method,
      url: group.pattern,
      bodyLimit: UPLOAD_BODY_LIMIT,
      handler: async (request, reply) => {
        const headers: Record<string, string> = {};
        for (const h of FORWARDED_REQUEST_HEADERS) {
          const v = request.headers[h];
          if (typeof v === 'string') headers[h] = v;
        }
        headers.authorization = `Basic ${o.basicAuth}`;
        headers['x-forwarded-for'] = request.ip;
        const hasBody =
          request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
        let answer: Response;
        try {
          answer = await fetch(o.upstreamUrl + request.url, {
            method: request.method,
            headers,
            ...(hasBody ? { body: new Uint8Array(request.body as Buffer) } : {}),
            redirect: 'manual',
            signal: AbortSignal.timeout(timeoutMs),
          });
        } catch (err) {
          const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
          request.log.warn({ upstream: group.pattern, timedOut }, 'la pasarela no respondió');
          return errorAnswer(reply, timedOut ? 504 : 502, 'error.gatewayTimeout');
        }
        reply.code(answer.status);
        for (const h of FORWARDED_ANSWER_HEADERS) {
          const v = answer.headers.get(h);
          if (v !== null) reply.header(h, v);
        }
        const cookies = answer.headers.getSetCookie();
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(Buffer.from(await answer.arrayBuffer()));
      },
    });
  }
}
