/**
 * The page a navigation to a product route gets: its prerendered page, or `index.html` naming
 * the files that route's first screen loads (`.vite/route-preloads.json`, written at build time
 * by `scripts/vite-route-preload-plugin.ts`). The browser then fetches the flow, the runner, the
 * first view and its form beside the entry instead of one after the other.
 *
 * The names are an inert JSON list that the page's boot script reads after the first paint
 * (`src/server/boot-script.ts`). Each route's page is built and compressed once, on first
 * request, and kept.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { drawnScreenOf, pathParamsOf, type FirstScreenMeta } from '../engine/routes.ts';
import { afterPaintList } from './boot-script.ts';

/** The build's map: route pattern (as in `SPEC_ROUTES`) → URLs of the files its first screen loads. */
export interface RoutePreloads {
  routes: Record<string, { js: string[]; css: string[] }>;
}

/** Where the build writes the map, under the site's directory. */
export const ROUTE_PRELOADS_PATH = '.vite/route-preloads.json';

/**
 * The build's prerendered pages (`scripts/prerender.ts`): route pattern → the page's file
 * under `.vite/` (compressed beside it by `scripts/precompress.ts`), and the error page.
 */
export interface Prerendered {
  routes: Record<string, string>;
  notFound: string;
  /** The routes only a logged-in promoter may open (the others are sent to the login). */
  promoterOnly?: string[];
  /**
   * By product route, what decides which drawn page fits a visit: the view of its start step
   * and of each step a link's parameter starts at (`drawnScreenOf` in `src/engine/routes.ts`).
   */
  screens?: Record<string, FirstScreenMeta>;
  /** The pages drawn at the loading step a link's parameter starts at: route → parameter → file. */
  links?: Record<string, Record<string, string>>;
}

/** Where the build writes the prerendered pages' map, under the site's directory. */
export const PRERENDERED_PATH = '.vite/prerendered.json';

/** One route's page, ready to send in each encoding. */
export interface RoutePage {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The list of `files` for the boot script (`src/server/boot-script.ts`), which preloads them
 * after the first paint: `modulepreload` for scripts, `preload` for stylesheets (fetched, not
 * applied: the chunk that needs one applies it), both CORS requests like the ones the loader
 * makes, so the browser reuses what it fetched. At low priority: nothing of the route runs
 * before the entry does, so the entry's own files go first.
 */
export function preloadList(files: { js: string[]; css: string[] }): string {
  return afterPaintList({ modules: files.js, styles: files.css, priority: 'low' });
}

/**
 * `html` with `list` (from {@link preloadList}) at the end of its body, or unchanged when
 * there is none.
 */
export function withPreloads(html: string, list: string): string {
  if (!list) return html;
  const at = html.lastIndexOf('</body>');
  if (at < 0)
    throw new Error(
      'index.html has no </body>: the list of the route files has nowhere to go. Check index.html at the project root.',
    );
  return `${html.slice(0, at)}  ${list}\n  ${html.slice(at)}`;
}

/**
 * `/credinstante/observados/:token?` → a regex for exactly the paths React Router gives that
 * route (no sub-paths: those render another page or the not-found page).
 */
export function exactRouteMatcher(route: string): RegExp {
  if (route === '/') return /^\/$/;
  let src = '';
  for (const segment of route.split('/').slice(1)) {
    if (segment.startsWith(':')) src += segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    else src += '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${src}/?$`);
}

/** Static segments first, as React Router ranks them: `/x/nuevo` wins over `/x/:id`. */
const staticSegments = (route: string) => route.split('/').filter((s) => s && !s.startsWith(':')).length;

/** A page ready to send: its bytes, compressed now unless the build compressed them. */
function pageOf(identity: Buffer, br?: Buffer, gzip?: Buffer): RoutePage {
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    identity,
    br:
      br ??
      brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    gzip: gzip ?? gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/** A prerendered page of the build and its compressed twins. */
function readPage(file: string): RoutePage {
  const twin = (ext: string) => (existsSync(file + ext) ? readFileSync(file + ext) : undefined);
  return pageOf(readFileSync(file), twin('.br'), twin('.gz'));
}

/** The pages of the site with preloads, by route, read from `distDir`. */
export class RoutePages {
  private readonly matchers: { route: string; regex: RegExp }[];
  private readonly pages = new Map<string, RoutePage>();

  /** `prerendered` names files under `viteDir` (the build's `.vite/`). */
  constructor(
    private readonly indexHtml: string,
    private readonly preloads: RoutePreloads,
    private readonly prerendered?: Prerendered,
    private readonly viteDir = '.',
  ) {
    const routes = new Set([
      ...Object.keys(preloads.routes),
      ...Object.keys(prerendered?.routes ?? {}),
      ...(prerendered?.promoterOnly ?? []),
    ]);
    this.matchers = [...routes]
      .sort((a, b) => staticSegments(b) - staticSegments(a))
      .map((route) => ({ route, regex: exactRouteMatcher(route) }));
  }

  /**
   * Reads `index.html` and the map from a built site. Undefined when the build has no map
   * (a build older than the map): the server then sends `index.html` as it is.
   */
  static load(distDir: string): RoutePages | undefined {
    const mapFile = join(distDir, ROUTE_PRELOADS_PATH);
    if (!existsSync(mapFile)) return undefined;
    let preloads: RoutePreloads;
    try {
      preloads = JSON.parse(readFileSync(mapFile, 'utf8')) as RoutePreloads;
    } catch (error) {
      throw new Error(
        `${mapFile} is not readable JSON (${(error as Error).message}): build the site again (npm run build).`,
        { cause: error },
      );
    }
    if (typeof preloads.routes !== 'object')
      throw new Error(`${mapFile} has no "routes" object: build the site again (npm run build).`);
    // A build without prerendered pages serves `index.html` with preloads, as before.
    const prerenderedFile = join(distDir, PRERENDERED_PATH);
    let prerendered: Prerendered | undefined;
    if (existsSync(prerenderedFile)) {
      try {
        prerendered = JSON.parse(readFileSync(prerenderedFile, 'utf8')) as Prerendered;
      } catch (error) {
        throw new Error(
          `${prerenderedFile} is not readable JSON (${(error as Error).message}): build the site again (npm run build).`,
          { cause: error },
        );
      }
    }
    return new RoutePages(
      readFileSync(join(distDir, 'index.html'), 'utf8'),
      preloads,
      prerendered,
      join(distDir, '.vite'),
    );
  }

  /** The route pattern of the map that serves `path`, if any. */
  routeOf(path: string): string | undefined {
    return this.matchers.find((m) => m.regex.test(path))?.route;
  }

  /**
   * The page for a navigation to `path` with the query `search`: the page the build drew that
   * fits the address (`drawnScreenOf`: the start step's, or the loading step of a link's
   * parameter) when `visitorFits` (no application kept in this browser, no promoter:
   * `visitorFits` in `static-site.ts`), else `index.html` with the route's preloads, for the
   * runtime to draw what a link or a kept application opens; undefined when the route has neither.
   */
  pageFor(path: string, search = '', visitorFits = true): RoutePage | undefined {
    const route = this.routeOf(path);
    if (!route) return undefined;
    const drawn = visitorFits
      ? drawnScreenOf(this.prerendered?.screens?.[route] ?? {}, route, search, pathParamsOf(route, path))
      : undefined;
    const prerendered =
      drawn?.link !== undefined
        ? this.prerendered?.links?.[route]?.[drawn.link]
        : drawn && this.prerendered?.routes[route];
    if (prerendered) return this.cached(prerendered, () => readPage(join(this.viteDir, prerendered)));
    return this.cached(`${route}?`, () => {
      const files = this.preloads.routes[route] ?? { js: [], css: [] };
      return pageOf(Buffer.from(withPreloads(this.indexHtml, preloadList(files))));
    });
  }

  /** True for a route only a logged-in promoter may open, as the build listed them. */
  requiresPromoter(route: string): boolean {
    return this.prerendered?.promoterOnly?.includes(route) === true;
  }

  /** The prerendered error page ('Página no encontrada'), if the build drew one. */
  notFoundPage(): RoutePage | undefined {
    const file = this.prerendered?.notFound;
    return file ? this.cached('*', () => readPage(join(this.viteDir, file))) : undefined;
  }

  private cached(key: string, make: () => RoutePage): RoutePage {
    let page = this.pages.get(key);
    if (!page) {
      page = make();
      this.pages.set(key, page);
    }
    return page;
  }
}

/** The encoding to send for an `Accept-Encoding` header: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}
