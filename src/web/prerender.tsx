/**
 * The first screens, drawn at build time (`scripts/prerender.ts` loads this module through
 * Vite and writes each page). The tree is the site's (`start.tsx`) with a fixed address
 * instead of the browser's, so the browser takes the HTML over without redrawing it.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { drawnPathOf, firstScreenIgnoresQuery, PAGE_ROUTES, type FirstScreenMeta } from '../engine/routes.ts';
import { AppRoutes } from './app/router.tsx';
import { setFirstScreenMode } from './lib/first-screen.ts';
import { flowMetas } from './runtime/flow-files.ts';

/** The address the error page is drawn for: no route of the site takes it. */
export const NOT_FOUND_PATH = '/pagina-no-encontrada';

/**
 * The routes whose first screen is the same for every visitor, so the build can draw it: the
 * products that open on a form, a message (a link's page opened without its link) or a loading
 * step (a link's page while its token is checked), and the pages; a route with optional path segments is drawn without them (`drawnPathOf`).
 * Left out: routes with a required path parameter, promoter-only routes (they open on the
 * login), and products whose first step shows an outcome the build cannot know.
 */
export function prerenderedRoutes(): string[] {
  const flows = flowMetas()
    .filter(
      ({ meta }) =>
        (meta.firstForm !== undefined || meta.firstView === 'message' || firstScreenIgnoresQuery(meta)) &&
        !meta.requiresPromoter,
    )
    .flatMap(({ meta }) => meta.routes);
  const pages = Object.entries(PAGE_ROUTES)
    .filter(([, page]) => !page.requiresPromoter)
    .map(([route]) => route);
  return [...new Set([...flows, ...pages])].filter((route) => drawnPathOf(route) !== undefined).sort();
}

/**
 * By drawn product route, what decides which of its drawn pages fits a visit (`drawnScreenOf`):
 * the view of its start step and of each step a link's parameter starts at.
 */
export function firstScreenMetas(): Record<string, FirstScreenMeta> {
  const drawn = new Set(prerenderedRoutes());
  return Object.fromEntries(
    flowMetas().flatMap(({ meta }) =>
      meta.routes
        .filter((route) => drawn.has(route))
        .map((route) => [
          route,
          { firstView: meta.firstView, ...(meta.linkViews ? { linkViews: meta.linkViews } : {}) },
        ]),
    ),
  );
}

/**
 * The link pages the build draws: for each route and each parameter of a link that starts its
 * flow at a loading step (`startFrom`), the address to draw it at (the token's value does not
 * show: the step is the same for every link).
 */
export function linkScreens(): { route: string; param: string; path: string }[] {
  return flowMetas()
    .filter(({ meta }) => !meta.requiresPromoter)
    .flatMap(({ meta }) =>
      meta.routes.flatMap((route) => {
        const path = drawnPathOf(route);
        return path === undefined
          ? []
          : Object.entries(meta.linkViews ?? {})
              .filter(([, view]) => view === 'loading')
              .map(([param]) => ({ route, param, path: `${path}?${param}=enlace` }));
      }),
    )
    .sort((a, b) => a.route.localeCompare(b.route) || a.param.localeCompare(b.param));
}

/** The routes only a logged-in promoter may open: the server sends a visitor without a session to the login. */
export function promoterOnlyRoutes(): string[] {
  const flows = flowMetas()
    .filter(({ meta }) => meta.requiresPromoter)
    .flatMap(({ meta }) => meta.routes);
  const pages = Object.entries(PAGE_ROUTES)
    .filter(([, page]) => page.requiresPromoter === true)
    .map(([route]) => route);
  return [...new Set([...flows, ...pages])].sort();
}

/** The HTML of the site's root element for `path`, once every lazy part of its first screen is in. */
export async function renderFirstScreen(path: string): Promise<string> {
  setFirstScreenMode('prerender');
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
    // React would leave a failed part for the browser to draw: the build fails instead.
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return new Response(prelude).text();
}
