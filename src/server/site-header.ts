/**
 * Calls that text a paid SMS by GET (`sendsSms` in the endpoint registry; the lender's
 * contract keeps `verification.generate` a GET) answer only requests that carry the site's own
 * header, `X-Requested-With`, which the web client sends on every call. A link, an image or a form on another site cannot add a
 * header, and a script on another site cannot send one without a CORS preflight, which the
 * service never grants: an SMS cannot be triggered cross-site.
 */
import type { FastifyInstance } from 'fastify';
import type { EndpointDef } from '../engine/endpoint-types.ts';
import { errorAnswer } from './api-errors.ts';

/** The header and value the web client sends (`src/web/api/client.ts`). */
export const SITE_HEADER = 'x-requested-with';
export const SITE_HEADER_VALUE = 'XMLHttpRequest';

/** Refuses (403, in Spanish) an SMS-sending GET without the site's header. */
export function installSiteHeaderGuard(app: FastifyInstance, endpoints: readonly EndpointDef[]): void {
  const paths = new Set(
    endpoints.filter((e) => e.method === 'GET' && e.sendsSms === true).map((e) => e.path),
  );
  if (paths.size === 0) return;
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || !paths.has(request.url.split('?')[0] ?? '')) {
      done();
      return;
    }
    if (request.headers[SITE_HEADER] === SITE_HEADER_VALUE) {
      done();
      return;
    }
    void errorAnswer(reply, 403, 'error.siteHeaderRequired');
  });
}
