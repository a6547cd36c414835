/**
 * The built site: files from `dist/` with their brotli/gzip twins (`scripts/precompress.ts`)
 * chosen by `Accept-Encoding`, year-long immutable caching for hashed `/assets/*`, revalidated
 * HTML, and the single-page fallback: a navigation to a route of the site (`SPEC_ROUTES`,
 * exactly) gets `index.html`, one typed in another letter case is redirected to the route's
 * own address; any other unknown path is a 404 (JSON under the API
 * prefixes, the site's not-found page for a browser). A product route's `index.html` names
 * the files of its first screen for the browser to fetch at once (`route-preloads.ts`), and a
 * route whose first screen the build drew gets that page instead (`scripts/prerender.ts`), as
 * does a browser asking for an unknown page (the error page, with its 404). A promoter-only
 * route asked for without a promoter session cookie is redirected to the login (`?next=` the
 * address asked for), which the build drew, instead of waiting for the code to send it there.
 * A session cookie whose session the service has closed counts as none: it is cleared on the
 * spot (`endClosedSession`), so the page is never drawn for a promoter who is no longer one.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SPEC_ROUTES } from '../engine/routes.ts';
import { hasPromoterCookie } from './session-cookie.ts';
import { errorAnswer } from './api-errors.ts';
import { exactRouteMatcher, pickEncoding, RoutePages } from './route-preloads.ts';

const SPA = SPEC_ROUTES.map((route) => ({
  route,
  exact: exactRouteMatcher(route),
  anyCase: new RegExp(exactRouteMatcher(route).source, 'i'),
}));

/**
 * True when `path` is a page of the site: exactly a route of `SPEC_ROUTES` (a trailing slash
 * allowed), as React Router matches it. A sub-path (`/credinstante/extra/segment`) is not:
 * the browser would show the not-found page, so the server says 404 with it.
 */
export function isSitePath(path: string): boolean {
  return SPA.some((r) => r.exact.test(path));
}

/**
 * The address of the page `path` names in another letter case (`/CREDINSTANTE` →
 * `/credinstante`, `/ld-bancarizador` → `/LD-Bancarizador`), keeping the values of its
 * parameters as typed; undefined when `path` is already a page or names none.
 */
export function canonicalSitePath(path: string): string | undefined {
  if (isSitePath(path)) return undefined;
  const hit = SPA.find((r) => r.anyCase.test(path));
  if (!hit) return undefined;
  const typed = path.replace(/\/$/, '').split('/');
  const canonical = hit.route.split('/').map((segment, i) => (segment.startsWith(':') ? typed[i] : segment));
  // An optional parameter left out leaves an undefined at the end.
  return canonical.filter((segment) => segment !== undefined).join('/') || '/';
}

/**
 * Whether this visitor may be sent a page the build drew (`RoutePages.pageFor` then picks the
 * one that fits the address, `drawnScreenOf`): not a logged-in promoter (`promoter`: a
 * session cookie `sid`, of a session still open where that can be told), not where this
 * browser keeps an application (`resume`, set by
 * `src/web/runtime/resume-mark.ts`). Otherwise the runtime draws the page from `index.html`.
 */
export function visitorFits(cookieHeader: string | undefined, promoter: boolean): boolean {
  return !promoter && !/(?:^|;\s*)resume=/.test(cookieHeader ?? '');
}

/**
 * What the pages need to know of promoter sessions: whether the session a request's cookie
 * names is still open, and how to end one that is not. The embedded service answers from its
 * sessions table (`app.ts`); upstream, where sessions live elsewhere, none is given and the
 * cookie alone decides, as the upstream's first call then tells the page's code.
 */
export interface PromoterPages {
  isOpen(request: FastifyRequest): Promise<boolean>;
  /** Clears the cookie of a closed session and tells the page's code it ended (`endClosedSession`). */
  endClosed(request: FastifyRequest, reply: FastifyReply): void;
}

/** Serves `dist/` and installs the not-found handler. */
export async function registerStaticSite(
  app: FastifyInstance,
  distDir: string,
  apiPrefixes: string[],
  promoters?: PromoterPages,
): Promise<void> {
  const hasSite = existsSync(join(distDir, 'index.html'));
  if (hasSite) {
    await app.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      // Build bookkeeping (`.vite/manifest.json`, `.build-inputs`) is nobody's business.
      dotfiles: 'ignore',
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        // The compressed twin (`index.html.br`) is cached like the file it stands for.
        const path = filePath.replace(/\.(br|gz)$/, '');
        if (/[\\/]assets[\\/]/.test(path))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('.html')) reply.header('Cache-Control', 'no-cache');
        else reply.header('Cache-Control', 'public, max-age=3600');
      },
    });
  }

  const routePages = hasSite ? RoutePages.load(distDir) : undefined;

  /** Whether the request comes from a promoter: a session cookie, of a session still open when that can be told. */
  const fromPromoter = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (!hasPromoterCookie(request.headers.cookie)) return false;
    if (promoters === undefined) return true;
    let open: boolean;
    try {
      open = await promoters.isOpen(request);
    } catch (err) {
      // The page still loads: the cookie decides, as upstream, and the code's first call tells.
      request.log.warn({ err }, 'no se pudo comprobar la sesión del promotor para la página');
      return true;
    }
    if (!open) promoters.endClosed(request, reply);
    return open;
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, status: number, path: string) => {
    if (!hasSite) {
      return reply
        .code(status === 200 ? 503 : status)
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="es"><meta charset="utf-8"><title>Sitio no construido</title><p>El sitio aún no está construido: ejecute <code>npm run build</code> y reinicie el servidor.</p></html>',
        );
    }
    const query = request.url.slice(path.length);
    const route = routePages?.routeOf(path);
    const promoter = await fromPromoter(request, reply);
    // A promoter-only page asked for without a promoter session goes to the login at once,
    // where the browser would send it once its code ran (the login is drawn from the HTML).
    if (status === 200 && route !== undefined && routePages?.requiresPromoter(route) && !promoter)
      return reply
        .header('Cache-Control', 'no-cache')
        .redirect(`/promotor?next=${encodeURIComponent(path + query)}`, 302);
    const page =
      status === 200
        ? routePages?.pageFor(path, query, visitorFits(request.headers.cookie, promoter))
        : routePages?.notFoundPage();
    if (!page) return reply.code(status).header('Cache-Control', 'no-cache').sendFile('index.html');
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    if (status === 200) {
      reply.header('ETag', page.etag);
      if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    }
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('Content-Encoding', encoding);
    const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.identity;
    return reply.code(status).type('text/html; charset=utf-8').send(body);
  };

  // The home is a page like the others (its prerendered page, or index.html), not the bare file.
  if (hasSite) app.get('/', (request, reply) => sendIndex(request, reply, 200, '/'));

  const isApi = (path: string) => apiPrefixes.some((p) => path === p || path.startsWith(p + '/'));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const navigable = request.method === 'GET' || request.method === 'HEAD';
    if (navigable && !isApi(path) && isSitePath(path)) return sendIndex(request, reply, 200, path);
    const canonical = navigable && !isApi(path) ? canonicalSitePath(path) : undefined;
    if (canonical) {
      const query = request.url.slice(path.length);
      return reply.header('Cache-Control', 'no-cache').redirect(canonical + query, 301);
    }
    if (navigable && !isApi(path) && /text\/html/.test(request.headers.accept ?? ''))
      return sendIndex(request, reply, 404, path);
    return errorAnswer(reply, 404, 'error.notFound');
  });
}
