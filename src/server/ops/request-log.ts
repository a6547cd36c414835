/**
 * The log: JSON lines (pino), one per request with its id, method, route pattern, call id,
 * status and duration, and personal data kept out. Each answer carries the id in
 * `X-Request-Id`, which the site's error dialog shows as the "código de referencia", so
 * support finds the line a person is calling about.
 *
 * Personal data (DNI, phone, names, e-mail, account numbers, CCI, codes and tokens) never
 * reaches the log: routes are logged as patterns, and every value written is scrubbed
 * ({@link scrub}): fields named like personal data are replaced, and digit runs, e-mail
 * addresses and signed tokens inside any text are masked.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import type { Settings } from '../settings.ts';

/** The header that carries the request id, both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What replaces a personal value. */
export const REDACTED = '[redactado]';

/** Field names whose values are personal data or secrets, whatever they hold. */
const PERSONAL_KEY =
  /^(documento\w*|dni|ruc|celular\w*|telefono\w*|phone|nombre\w*|apellido\w*|titular|conyuge|email|correo\w*|direccion|numeroCuenta\w*|cuenta\w*|cci|token\w*|codigo(Token|Sms|Verificacion)|password|contrasena|clave|authorization|cookie|set-cookie|x-captcha-token|idempotency-key|respuestas|body|query|params|url|fechaNacimiento\w*)$/i;

/** A text with personal data masked: digit runs of 6 or more, e-mail addresses, signed tokens. */
export function scrubText(s: string): string {
  return s
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, REDACTED)
    .replace(/eyJ[\w-]*\.[\w-]+\.[\w-]*/g, REDACTED)
    .replace(/\d[\d -]{4,}\d/g, (m) => (m.replace(/\D/g, '').length >= 6 ? REDACTED : m));
}

/** A value with personal fields replaced and every text scrubbed (objects are copied). */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (PERSONAL_KEY.test(k)) out[k] = REDACTED;
    // A stack starts with the error's message, which may quote anything: keep only the frames.
    else if (k === 'stack' && typeof v === 'string')
      out[k] = scrubText(
        v
          .split('\n')
          .filter((l) => /^\s+at /.test(l))
          .join('\n'),
      );
    else out[k] = scrub(v, depth + 1);
  }
  return out;
}

/** A fresh id, or the caller's when it sends a sane one (a proxy in front that made one). */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{8,100}$/.test(given) ? given : randomUUID();
}

/** The route pattern of a request (never its URL, which may carry a DNI or a token). */
export function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? scrubText(request.url.split('?')[0] ?? '');
}

/** Fastify's logger options: pino JSON lines, scrubbed, at the settings' level. */
export function loggerOptions(
  settings: Settings,
  stream?: DestinationStream,
): false | (LoggerOptions & { stream?: DestinationStream }) {
  if (settings.logLevel === 'silent' && stream === undefined) return false;
  return {
    level: settings.logLevel,
    ...(stream !== undefined ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({ method: request.method, route: routeOf(request) }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
    formatters: { log: (obj) => scrub(obj) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as Parameters<typeof method>,
        );
      },
    },
  };
}
