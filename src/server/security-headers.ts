/**
 * Security headers on every answer (DOMAIN.md, "Security baselines"). The CSP allows no
 * `eval`, and no inline script but the pages' boot script (by its hash); inline styles stay
 * allowed: each page carries its first screen's stylesheet in `<style>` elements (the entry's,
 * and the prerendered page's, different in every build) and a few elements set `style` (a
 * dialog's width). HSTS is sent only over HTTPS, where it
 * means something and cannot lock a plain-HTTP dev site.
 */
import type { FastifyInstance } from 'fastify';
import type { Settings } from './settings.ts';
import { isHttps } from './session-cookie.ts';
import { BOOT_SCRIPT_HASH } from './boot-script.ts';

/**
 * Google reCAPTCHA v3's hosts, as Google documents them for a CSP: its script and the frame it
 * talks through. Allowed only when a captcha site key is set (never in sandbox mode).
 */
const RECAPTCHA_SCRIPTS = 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/';
const RECAPTCHA_FRAMES = 'https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/';

/** The Content-Security-Policy of the site and the API; `captcha` opens it for reCAPTCHA v3. */
export function contentSecurityPolicy(captcha: boolean): string {
  return [
    "default-src 'self'",
    // The pages' one inline script, the boot script, by its hash (src/server/boot-script.ts).
    captcha
      ? `script-src 'self' ${BOOT_SCRIPT_HASH} ${RECAPTCHA_SCRIPTS}`
      : `script-src 'self' ${BOOT_SCRIPT_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // 'self' covers the site's own ws:/wss: origin (CSP 3); sockets may reach no other host.
    "connect-src 'self'",
    "media-src 'self' blob:",
    "worker-src 'self' blob:",
    // Frames otherwise fall back to default-src 'self' (the site's own documents).
    ...(captcha ? [`frame-src 'self' ${RECAPTCHA_FRAMES}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy without a captcha (sandbox mode, or no `CAPTCHA_SITE_KEY`). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy(false);

/** The security headers of an answer; `https` adds HSTS. */
export function securityHeaders(
  settings: Pick<Settings, 'captchaSiteKey'>,
  https: boolean,
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(settings.captchaSiteKey !== null),
    // Resume links carry tokens in their path: never leak them to another site.
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Adds the headers to every answer, errors and 404s included. */
export function installSecurityHeaders(app: FastifyInstance, settings: Settings): void {
  const plain = securityHeaders(settings, false);
  const secure = securityHeaders(settings, true);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isHttps(request, settings) ? secure : plain);
    done();
  });
}
