/**
 * What a client sends is checked before it reaches a handler or the database, and every refusal
 * is a 4xx in Spanish with the security headers, including the ones the HTTP layer and the
 * router answer themselves (malformed `%` escapes, over-long path parameters, oversized headers,
 * broken HTTP), which by default answer in English and without headers.
 *
 * - JSON bodies: nesting deeper than {@link MAX_DEPTH} is refused before parsing (the parse
 *   itself copes, but code that walks the value recursively — request hashes, merges — would
 *   overflow the stack).
 * - Parsed bodies, query values and path parameters, walked without recursion: no more than
 *   {@link MAX_NODES} values; strings and keys without NUL (PostgreSQL cannot store it) or lone
 *   UTF-16 surrogates (not valid Unicode: neither JSON columns nor text accept them); numbers
 *   finite and within ±{@link MAX_NUMBER} (beyond it no column holds them exactly).
 * - A data error the database still raises for a value (an integer column's range) is the
 *   caller's mistake too: 400, never 500 (`api-errors.ts`).
 */
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import type { Settings } from './settings.ts';
import type { FieldError } from './request-validator.ts';
import { badRequest, errorAnswer, ERROR_CODE } from './api-errors.ts';
import { securityHeaders } from './security-headers.ts';
import { BadInput } from './sandbox/types.ts';
import { text } from './texts.ts';

/** Deepest nesting of objects and arrays a body may have. */
export const MAX_DEPTH = 32;
/** Most values (of any kind, at any depth) one body, query or parameter set may hold. */
export const MAX_NODES = 20000;
/** Largest magnitude of a number: beyond it integers are no longer exact (2^53 − 1). */
export const MAX_NUMBER = Number.MAX_SAFE_INTEGER;

/**
 * The nesting depth of a JSON text, counted without parsing it (strings skipped); stops early
 * once it passes `limit`.
 */
export function jsonDepthExceeds(textBody: string, limit: number = MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < textBody.length; i++) {
    const c = textBody.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The body refused for its nesting, as a 400 naming `body`. */
export function tooDeep(): BadInput {
  return new BadInput([{ path: 'body', message: text('input.tooDeep', { max: MAX_DEPTH }) }]);
}

/** What is wrong with one string, or `null`. */
function stringProblem(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return text('input.nul');
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return text('input.loneSurrogate');
    } else if (c >= 0xdc00 && c <= 0xdfff) return text('input.loneSurrogate');
  }
  return null;
}

/** Quick test: most strings are plain ASCII without NUL. */
// eslint-disable-next-line no-control-regex
const SUSPECT = /[\u0000\ud800-\udfff]/;

/**
 * The first problem in `value` (a parsed body, the query or the path parameters), named by
 * its path under `root` (`body.datos.nombre`, `documento`), or `null`. Iterative: any depth.
 */
export function inputProblem(value: unknown, root: string): FieldError | null {
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: root, depth: 0 }];
  let nodes = 0;
  while (stack.length > 0) {
    const { v, path, depth } = stack.pop()!;
    if (++nodes > MAX_NODES) return { campo: root, mensaje: text('input.tooManyValues', { max: MAX_NODES }) };
    if (typeof v === 'string') {
      const problem = SUSPECT.test(v) ? stringProblem(v) : null;
      if (problem !== null) return { campo: path, mensaje: problem };
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { campo: path, mensaje: text('input.notFinite') };
      if (Math.abs(v) > MAX_NUMBER)
        return { campo: path, mensaje: text('input.numberRange', { max: MAX_NUMBER }) };
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_DEPTH) return { campo: path, mensaje: text('input.tooDeep', { max: MAX_DEPTH }) };
      if (Array.isArray(v)) {
        for (let i = v.length - 1; i >= 0; i--)
          stack.push({ v: v[i], path: `${path}[${i}]`, depth: depth + 1 });
      } else {
        for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
          const keyProblem = SUSPECT.test(k) ? stringProblem(k) : null;
          const childPath = path === '' ? k : `${path}.${k}`;
          if (keyProblem !== null) return { campo: path || 'body', mensaje: keyProblem };
          stack.push({ v: child, path: childPath, depth: depth + 1 });
        }
      }
    }
  }
  return null;
}

/**
 * Checks the query, the path parameters and the parsed body of every request (API and site
 * alike) before validation; the first problem answers 400 naming the field.
 */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, reply, done) => {
    const problem =
      inputProblem(request.params ?? {}, '') ??
      inputProblem(request.query ?? {}, '') ??
      (request.body !== undefined && request.body !== null && typeof request.body === 'object'
        ? inputProblem(request.body, 'body')
        : typeof request.body === 'string'
          ? inputProblem(request.body, 'body')
          : null);
    if (problem === null) {
      done();
      return;
    }
    void badRequest(reply, [problem]);
  });
}

/** The JSON body of a framework-level refusal. */
function refusal(key: string, errores?: FieldError[]): string {
  return JSON.stringify({
    codigoRespuesta: ERROR_CODE,
    detalleRespuesta: text(key),
    ...(errores ? { errores } : {}),
  });
}

/**
 * Options for `Fastify()`: the router's own refusals (`frameworkErrors`) and the HTTP
 * parser's (`clientErrorHandler`) answered in Spanish with the security headers.
 */
export function hostileInputOptions(
  settings: Settings,
): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  const plain = securityHeaders(settings, settings.forceHttps);
  return {
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
      reply.headers(securityHeaders(settings, settings.forceHttps || request.protocol === 'https'));
      // A parameter longer than any id or signed link names nothing: as an unknown path.
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void errorAnswer(reply, 404, 'error.notFound');
      else if (error.code === 'FST_ERR_BAD_URL')
        void badRequest(reply, [{ campo: 'url', mensaje: text('input.badEscape') }]);
      else void errorAnswer(reply, 400, 'error.badHttpRequest');
    },
    clientErrorHandler: (err: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket) => {
      if (err.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy(err);
        return;
      }
      const [status, reason, key] =
        err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'error.headersTooLarge']
          : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request Timeout', 'error.requestTimeout']
            : [400, 'Bad Request', 'error.badHttpRequest'];
      const body = refusal(key);
      const headers = {
        ...plain,
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(body)),
        Connection: 'close',
      };
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\n` +
          Object.entries(headers)
            .map(([k, v]) => `${k}: ${v}\r\n`)
            .join('') +
          `\r\n${body}`,
      );
    },
  };
}
