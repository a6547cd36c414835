/**
 * The browser session cookie: names the session whose applications this browser holds
 * (docs/security.md). A random id signed with the service's secret (HMAC-SHA256), HttpOnly,
 * SameSite=Lax, Secure outside localhost and `__Host-` bound over HTTPS. The held applications
 * live in the database under the id, never in the cookie.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import type { Settings } from './settings.ts';
import { isHttps } from './session-cookie.ts';

const PLAIN = 'bid';
const HOST_BOUND = '__Host-bid';
/** A year: the applications a browser holds stay its own while the application lives. */
const MAX_AGE_S = 365 * 24 * 3600;

const sign = (secret: string, id: string) =>
  createHmac('sha256', `browser-session:${secret}`).update(id).digest('base64url');

/** The verified session id the request's cookie names, or null (missing, malformed or forged). */
export function readBrowserSession(request: FastifyRequest, secret: string): string | null {
  const v = request.cookies[HOST_BOUND] ?? request.cookies[PLAIN];
  if (typeof v !== 'string' || v.length > 200) return null;
  const dot = v.indexOf('.');
  if (dot <= 0) return null;
  const id = v.slice(0, dot);
  const got = Buffer.from(v.slice(dot + 1));
  const want = Buffer.from(sign(secret, id));
  return got.length === want.length && timingSafeEqual(got, want) ? id : null;
}

/** Starts a browser session: sets the cookie and answers its id. */
export function issueBrowserSession(
  request: FastifyRequest,
  reply: FastifyReply,
  settings: Settings,
): string {
  const id = randomBytes(18).toString('base64url');
  const https = isHttps(request, settings);
  const host = (request.hostname || '').replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  const local = host === 'localhost' || host === '127.0.0.1' || host === '::1' || host.endsWith('.localhost');
  reply.setCookie(https ? HOST_BOUND : PLAIN, `${id}.${sign(settings.jwtSecret, id)}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: https || !local,
    maxAge: MAX_AGE_S,
  });
  return id;
}
