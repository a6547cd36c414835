/**
 * The first screens, drawn at build time (`scripts/prerender.ts` loads this module through
 * Vite and writes each page). The tree is the site's (`start.tsx`) with a fixed address
 * instead of the browser's, so the browser takes the HTML over without redrawing it.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { drawnPathOf, firstScreenIgnoresQuery, PAGE_ROUTES } from '../engine/routes.ts';
import { AppRoutes } from './app/router.tsx';
import { setFirstScreenMode } from './lib/first-screen.ts';
import { flowMetas } from './runtime/flow-files.ts';

/** The address the error page is drawn for: no route of the site takes it. */
export const NOT_FOUND_PATH = '/pagina-no-encontrada';

/**
 * The routes whose first screen is the same for every visitor, so the build can draw it: the
 * products that open on a form or on a loading step (a link's page while its token is checked),
 * and the pages; a route with optional path segments is drawn without them (`drawnPathOf`).
 * Left out: routes with a required path parameter, promoter-only routes (they open on the
 * login), and products whose first step shows an outcome the build cannot know.
 */
export function prerenderedRoutes(): string[] {
  const flows = flowMetas()
    .filter(
      ({ meta }) => (meta.firstForm !== undefined || firstScreenIgnoresQuery(meta)) && !meta.requiresPromoter,
    )
    .flatMap(({ meta }) => meta.routes);
  const pages = Object.entries(PAGE_ROUTES)
    .filter(([, page]) => !page.requiresPromoter)
    .map(([route]) => route);
  return [...new Set([...flows, ...pages])].filter((route) => drawnPathOf(route) !== undefined).sort();
}

/** The drawn routes whose first screen no query parameter changes (a link's `?token=`). */
export function anyQueryRoutes(): string[] {
  const drawn = new Set(prerenderedRoutes());
  return flowMetas()
    .filter(({ meta }) => firstScreenIgnoresQuery(meta))
    .flatMap(({ meta }) => meta.routes)
    .filter((route) => drawn.has(route))
    .sort();
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
