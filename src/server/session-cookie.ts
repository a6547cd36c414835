/**
 * The promoter session cookie: HttpOnly, SameSite=Lax, Secure outside localhost, and named
 * with the `__Host-` prefix when the site is served over HTTPS (bound to the host, path `/`).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import type { Settings } from './settings.ts';

const PLAIN = 'sid';
const HOST_BOUND = '__Host-sid';

/**
 * True when a raw `Cookie` header carries a promoter session cookie (either name): for the
 * pages, which are served before (and without) the cookie parser.
 */
export function hasPromoterCookie(cookieHeader: string | undefined): boolean {
  return new RegExp(`(?:^|;\\s*)(?:${HOST_BOUND}|${PLAIN})=[^;]`).test(cookieHeader ?? '');
}

/** True when the request reached the site over HTTPS (directly, through a trusted proxy, or by setting). */
export function isHttps(request: FastifyRequest, settings: Settings): boolean {
  return settings.forceHttps || request.protocol === 'https';
}

function isLocalhost(request: FastifyRequest): boolean {
  const host = (request.hostname || '').replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '127.0.0.1' || host === '::1' || host.endsWith('.localhost');
}

/** The session secret the request carries, or null. */
export function readSessionCookie(request: FastifyRequest): string | null {
  const c = request.cookies;
  const v = c[HOST_BOUND] ?? c[PLAIN];
  return typeof v === 'string' && v.length > 0 && v.length <= 200 ? v : null;
}

/** Sets the session cookie. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  settings: Settings,
): void {
  const https = isHttps(request, settings);
  reply.setCookie(https ? HOST_BOUND : PLAIN, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: https || !isLocalhost(request),
  });
  // A notice of the closed session the page's code has not dropped yet must not end this one.
  if (request.cookies[SESSION_ENDED_COOKIE] !== undefined)
    reply.clearCookie(SESSION_ENDED_COOKIE, {
      path: '/',
      sameSite: 'lax',
      secure: https || !isLocalhost(request),
    });
}

/**
 * A page's visitor whose session cookie names a session the service has closed (idle too long,
 * ended elsewhere) is told so by this cookie, readable by the page's code, for a minute:
 * `src/web/app/built-screen-fits.ts` forgets the stored promoter before anything is drawn and
 * says the session expired.
 */
export const SESSION_ENDED_COOKIE = 'sid-ended';

/** Clears the session cookie of a session the service no longer has, and says so to the page's code. */
export function endClosedSession(request: FastifyRequest, reply: FastifyReply, settings: Settings): void {
  clearSessionCookie(request, reply, settings);
  reply.setCookie(SESSION_ENDED_COOKIE, '1', {
    path: '/',
    sameSite: 'lax',
    secure: isHttps(request, settings) || !isLocalhost(request),
    maxAge: 60,
  });
}

/** Clears the session cookie under both names. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, settings: Settings): void {
  const https = isHttps(request, settings);
  const secure = https || !isLocalhost(request);
  reply.clearCookie(PLAIN, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  if (https) reply.clearCookie(HOST_BOUND, { path: '/', httpOnly: true, sameSite: 'lax', secure: true });
}
