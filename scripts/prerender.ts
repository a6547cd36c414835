/**
 * Draws the first screen of every route that has one the same for every visitor
 * (`prerenderedRoutes` in `src/web/prerender.tsx`: the products that open on a form or on a
 * link's loading step, the pages, and the error page) into a page of its own, so the browser paints it from the HTML
 * and the runtime takes it over (`hydrateRoot` in `src/web/main.tsx`). Run after `vite build`
 * and before `scripts/precompress.ts` (the `build` script does), which compresses the pages.
 *
 * Each page is the built `index.html` with the route's markup in `#root` (marked
 * `data-prerendered`), the stylesheets of its first screen inline (so nothing moves when its
 * code arrives) and the list of its code for the boot script (`src/server/route-preloads.ts`).
 * The server serves them (`RoutePages`); a route without a page gets `index.html` as before.
 *
 *   node --import tsx scripts/prerender.ts [dist]
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import type * as Renderer from '../src/web/prerender.tsx';
import { drawnPathOf } from '../src/engine/routes.ts';
import {
  PRERENDERED_PATH,
  preloadList,
  ROUTE_PRELOADS_PATH,
  withPreloads,
  type Prerendered,
  type RoutePreloads,
} from '../src/server/route-preloads.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The root element of `index.html`, on one line with the top bar it shows before the scripts run. */
const ROOT_ELEMENT = /<div id="root">.*<\/div>$/m;

/** The resource hints React puts ahead of the markup it renders (the logo's preload). */
const LEADING_HINTS = /^((?:<link [^>]*>)*)([\s\S]*)$/;

/**
 * `index.html` with `markup` as the content of its root element, and the hints React wrote
 * before it in the head (in the root they would sit where React expects the page). The root is
 * marked `data-prerendered`; the error page's `data-prerendered="error"`: the server sends it to
 * any visitor, where it sends a route's page only to one without a promoter session
 * (`visitorFits`, `src/server/static-site.ts`), which the runtime relies on (`start.tsx`).
 */
export function withRootMarkup(html: string, markup: string, errorPage = false): string {
  if (!ROOT_ELEMENT.test(html))
    throw new Error(
      'prerender: index.html has no `<div id="root">…</div>` on one line to fill. Keep the root element of index.html on one line.',
    );
  const [, hints = '', page = ''] = LEADING_HINTS.exec(markup) ?? [];
  const mark = errorPage ? ' data-prerendered="error"' : ' data-prerendered';
  const filled = html.replace(ROOT_ELEMENT, () => `<div id="root"${mark}>${page}</div>`);
  return hints ? filled.replace('</head>', () => `${hints}\n  </head>`) : filled;
}

/** `html` with `css` as a `<style>` at the end of its head. */
export function withInlineStyles(html: string, css: string): string {
  if (!css) return html;
  const at = html.indexOf('</head>');
  if (at < 0) throw new Error('prerender: index.html has no </head> for the first screen stylesheet.');
  // `</style` inside the CSS would end the element early; a CSS escape keeps its meaning.
  return `${html.slice(0, at)}<style>${css.replace(/<\/style/gi, '<\\/style')}</style>\n  ${html.slice(at)}`;
}

/**
 * The files the build's route map names that `dist` lacks: a page naming one would have the
 * browser ask for it and get a 404. An empty list when every one is there.
 */
export function missingFiles(dist: string, preloads: RoutePreloads): string[] {
  const urls = Object.values(preloads.routes).flatMap((files) => [...files.js, ...files.css]);
  return [...new Set(urls)].filter((url) => !existsSync(join(dist, url)));
}

/** The page's file name under `.vite/pages/`: the route without slashes (`/cotizador/taxi` → `cotizador~taxi.html`). */
const fileOf = (route: string) => `${route === '/' ? 'index' : route.slice(1).replaceAll('/', '~')}.html`;

/** Writes every page under `dist` (or only those of `only`, and the error page); answers how many. */
export async function prerenderSite(dist: string, only?: readonly string[]): Promise<number> {
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  const preloads = JSON.parse(readFileSync(join(dist, ROUTE_PRELOADS_PATH), 'utf8')) as RoutePreloads;
  const missing = missingFiles(dist, preloads);
  if (missing.length)
    throw new Error(
      `prerender: ${ROUTE_PRELOADS_PATH} names files the build did not write: ${missing.join(', ')}. ` +
        'The route map was read before Vite finished the bundle (scripts/vite-route-preload-plugin.ts).',
    );
  const vite = await createServer({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    appType: 'custom',
    // The site's production code paths (`import.meta.env.DEV` is false), as the browser runs them.
    mode: 'production',
    server: { middlewareMode: true, hmr: false, ws: false },
    // rjsf through Vite, so its markdown renderer is the site's stub, as in the browser.
    ssr: { noExternal: [/^@rjsf\//] },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  const outDir = join(dist, '.vite', 'pages');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const map: Prerendered = { routes: {}, notFound: '', promoterOnly: [], screens: {}, links: {} };
  try {
    const renderer = (await vite.ssrLoadModule('/src/web/prerender.tsx')) as typeof Renderer;
    const page = async (path: string, route: string | null, name = path) => {
      const files = (route && preloads.routes[route]) || { js: [], css: [] };
      const css = files.css.map((href) => readFileSync(join(dist, href), 'utf8')).join('\n');
      let html = withRootMarkup(index, await renderer.renderFirstScreen(path), route === null);
      html = withInlineStyles(html, css);
      html = withPreloads(html, preloadList({ js: files.js, css: [] }));
      const file = `pages/${fileOf(route === null ? '/404' : name)}`;
      writeFileSync(join(dist, '.vite', file), html);
      return file;
    };
    for (const route of renderer.prerenderedRoutes())
      if (!only || only.includes(route)) map.routes[route] = await page(drawnPathOf(route)!, route);
    for (const { route, param, path } of renderer.linkScreens())
      if (!only || only.includes(route))
        (map.links![route] ??= {})[param] = await page(path, route, `${drawnPathOf(route)!}~${param}`);
    map.notFound = await page(renderer.NOT_FOUND_PATH, null);
    map.promoterOnly = renderer.promoterOnlyRoutes();
    map.screens = renderer.firstScreenMetas();
  } finally {
    await vite.close();
  }
  writeFileSync(join(dist, PRERENDERED_PATH), `${JSON.stringify(map, null, 2)}\n`);
  return Object.keys(map.routes).length + Object.values(map.links ?? {}).flatMap(Object.keys).length + 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // React's production build, as the browser loads it.
  process.env.NODE_ENV ??= 'production';
  const dist = resolve(process.argv[2] ?? 'dist');
  if (!statSync(join(dist, 'index.html'), { throwIfNoEntry: false })?.isFile()) {
    console.error(`No existe ${dist}/index.html: ejecute primero "vite build".`);
    process.exitCode = 1;
  } else {
    const started = performance.now();
    const count = await prerenderSite(dist);
    console.log(`prerender: ${count} páginas en ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
