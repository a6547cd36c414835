/**
 * Security headers on every answer (DOMAIN.md, "Security baselines"). The CSP allows no
 * `eval`; inline styles stay allowed because antd injects its styles at run time. HSTS is
 * sent only over HTTPS, where it means something and cannot lock a plain-HTTP dev site.
 */
import type { FastifyInstance } from 'fastify';
import type { Settings } from './settings.ts';
import { isHttps } from './session-cookie.ts';

/** The Content-Security-Policy of the site and the API. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Adds the headers to every answer, errors and 404s included. */
export function installSecurityHeaders(app: FastifyInstance, settings: Settings): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    // Resume links carry tokens in their path: never leak them to another site.
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Permissions-Policy', 'camera=(self), microphone=(), geolocation=()');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (isHttps(request, settings))
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    done();
  });
}
