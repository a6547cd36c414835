/**
 * The route table: every route of `SPEC_ROUTES`. Routes served by a flow file load the flow
 * and the flow runner lazily, in parallel; routes of `PAGE_ROUTES` load their page lazily
 * (the home page is in the entry: it is the landing page). Promoter-only routes redirect to
 * `/promotor?next=…`.
 *
 * React Router in declarative mode (`BrowserRouter` + `useRoutes`), not a data router
 * (`createBrowserRouter`): measured with this site's shell, the data router adds about 30 KB
 * gzip to the entry and declarative mode about 13 KB. Lazy loading stays per route: pages are
 * `React.lazy`, flow files load with React's `use`, and the router's transitions keep the
 * current page on screen while the next one loads.
 */
import { lazy, use, useEffect, useMemo, useState, type ComponentType } from 'react';
import {
  BrowserRouter,
  useLocation,
  useNavigate,
  useRoutes,
  type Location,
  type RouteMatch,
  type RouteObject,
} from 'react-router-dom';
import { PAGE_ROUTES, SPEC_ROUTES } from '../../engine/routes.ts';
import { branchOf, matchesOf } from './route-matches.ts';
import { guardedImport } from '../lib/chunk-reload-guard.ts';
import { yieldToMain } from '../lib/yield-to-main.ts';
import { endHydration } from '../lib/first-screen.ts';
import { track } from '../lib/tracker.ts';
import { t, withAllTexts } from '../lib/i18n.ts';
import { NotFoundPage } from '../pages/error-page.tsx';
import HomePage from '../pages/home-page.tsx';
import type { FlowRouteData } from '../runtime/flow-page.tsx';
import { flowMetas, loadFlow } from '../runtime/flow-files.ts';
import { AppShell } from '../shell/app-shell.tsx';
import { RouteErrorBoundary } from '../shell/route-error-boundary.tsx';
import { RouteHandleContext, type RouteHandle } from '../shell/route-handle.ts';
import { usePromoter } from '../stores/promoter-store.ts';
import { useUi } from '../stores/ui-store.ts';

/** Same name as `UNAUTHORIZED_EVENT` in api/client.ts (not imported: the entry stays small). */
const UNAUTHORIZED_EVENT = 'api:unauthorized';

type PageModule = { default: ComponentType };

const PAGES: Record<string, () => Promise<PageModule>> = {
  products: () => import('../pages/products-page.tsx'),
  'promoter-login': () => import('../pages/promoter-login-page.tsx'),
  'prospect-status': () => import('../pages/prospect-status-page.tsx'),
  'prospect-detail': () => import('../pages/prospect-detail-page.tsx'),
  'product-pending': () => import('../pages/product-pending-page.tsx'),
  'legal-terms': () => import('../pages/terms-page.tsx'),
  'legal-privacy': () => import('../pages/privacy-page.tsx'),
};

const loadRunner = () => guardedImport(withAllTexts(() => import('../runtime/flow-page.tsx')));
const FlowPage = lazy(() => loadRunner().then((m) => ({ default: m.FlowPage })));

/**
 * The flow file of a route, loaded once per navigation (a new navigation to the same route
 * loads it again and restarts the runner, as it resumes from the saved session). The runner's
 * chunk is fetched at the same time, so the two do not wait for each other.
 */
const flowLoads = new Map<string, { key: string; data: Promise<FlowRouteData> }>();
function flowData(
  file: string,
  navigationKey: string,
  firstForm: string | undefined,
): Promise<FlowRouteData> {
  const last = flowLoads.get(file);
  if (last?.key === navigationKey) return last.data;
  // Each import asks for its module's files: Vite's preload helper adds a link for every one the
  // page does not have yet, which costs the main thread about half a millisecond each (15 ms for
  // the four below on a first screen whose boot script had not asked for them all yet). So one
  // import per task, none in the render that asked for the data.
  const data = (async () => {
    await yieldToMain();
    const runner = loadRunner();
    runner.catch(() => undefined); // Rethrown by `Promise.all` below, not reported meanwhile.
    await yieldToMain();
    const flow = guardedImport(() => loadFlow(file));
    flow.catch(() => undefined);
    // Most products open on a form: its view and its form file are fetched now, beside the
    // flow file, rather than one after the other once the runner knows the step (a resumed
    // session at a later step only wastes these few kilobytes).
    if (firstForm) {
      await yieldToMain();
      void import('../views/form-view.tsx').catch(() => undefined);
      await yieldToMain();
      void import('../views/form/load-form.ts')
        .then((m) => m.loadForm(firstForm, file))
        .catch(() => undefined);
    }
    // Compiled by the runner's code as soon as both are in, in slices (`prepareFlow`), not in the
    // page's first render.
    const [loaded, raw] = await Promise.all([runner, flow]);
    return loaded.prepareFlow(raw);
  })();
  flowLoads.set(file, { key: navigationKey, data });
  return data;
}

function FlowRoute({ file, firstForm }: { file: string; firstForm?: string | undefined }) {
  const location = useLocation();
  // The navigation this page answers. While the page fades out, it renders once more under
  // the next address: that is not a navigation to this page and loads nothing.
  const [own, setOwn] = useState({ pathname: location.pathname, key: location.key });
  if (location.pathname === own.pathname && location.key !== own.key)
    setOwn({ pathname: own.pathname, key: location.key });
  const data = use(flowData(file, own.key, firstForm));
  return <FlowPage data={data} />;
}

function flowRoutes(): { routes: RouteObject[]; served: Set<string> } {
  const served = new Set<string>();
  const routes: RouteObject[] = [];
  for (const { file, meta } of flowMetas()) {
    for (const path of meta.routes) {
      served.add(path);
      routes.push({
        path,
        handle: {
          layout: meta.layout,
          theme: meta.theme,
          requiresPromoter: meta.requiresPromoter,
          menu: meta.menu,
        } satisfies RouteHandle,
        element: <FlowRoute file={file} firstForm={meta.firstForm} />,
      });
    }
  }
  return { routes, served };
}

function pageRoutes(served: Set<string>): RouteObject[] {
  const routes: RouteObject[] = [];
  for (const path of SPEC_ROUTES) {
    const page = PAGE_ROUTES[path];
    // A flow file that takes a route wins over the placeholder page.
    if (!page || served.has(path)) continue;
    const handle: RouteHandle = {
      layout: page.page === 'home' ? 'main' : 'default',
      title: page.title,
      requiresPromoter: page.requiresPromoter,
    };
    if (page.page === 'home') {
      routes.push({ path, handle, element: <HomePage /> });
      continue;
    }
    const load = PAGES[page.page];
    if (!load)
      throw new Error(`PAGE_ROUTES names page "${page.page}" for ${path}, but the router has no such page.`);
    const Page = lazy(() => guardedImport(withAllTexts(load)));
    routes.push({ path, handle, element: <Page /> });
  }
  return routes;
}

/** The route objects (exported for tests): the shell around every flow and page route. */
export function appRoutes(): RouteObject[] {
  const flows = flowRoutes();
  const notFound: RouteObject = {
    path: '*',
    handle: { layout: 'default' } satisfies RouteHandle,
    element: <NotFoundPage />,
  };
  return [{ element: <AppShell />, children: [...flows.routes, ...pageRoutes(flows.served), notFound] }];
}

/** The handles of the routes matching `location`, merged from the root to the leaf. */
function handleOf(matches: RouteMatch[] | null): RouteHandle {
  let handle: RouteHandle = {};
  for (const m of matches ?? [])
    if (m.route.handle) handle = { ...handle, ...(m.route.handle as RouteHandle) };
  return handle;
}

/**
 * The route pattern `location` shows (`/credinstante/observados/:token?`, `*` for an unknown
 * address): what a page view reports, so tokens and ids in the address never reach the
 * tag manager.
 */
export function pageOf(routes: RouteObject[], location: Pick<Location, 'pathname'>): string {
  let page = '*';
  for (const m of matchesOf(routes, location.pathname) ?? []) if (m.route.path) page = m.route.path;
  return page;
}

/** One `page_view` through the one tracker for every address the applicant opens. */
function usePageViews(routes: RouteObject[], pathname: string): void {
  useEffect(() => {
    track('page_view', { page: pageOf(routes, { pathname }) });
  }, [routes, pathname]);
}

let expiredBeforeStart = false;

/**
 * The server had closed the stored promoter's session before this page (`forgetEndedPromoter`
 * says `'expired'`): said once the site is up, as a 401 would be.
 */
export function promoterSessionExpiredBeforeStart(): void {
  expiredBeforeStart = true;
}

/** A 401 anywhere, or a session the server closed before the page: the promoter session is gone; log in again. */
function useUnauthorizedRedirect(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onUnauthorized = () => {
      usePromoter.getState().clear();
      // Said once, on the login page, whatever page or flow made the call.
      useUi.getState().showError({ message: t('error.unauthorized') });
      // Already there (the server sends a promoter-only page's visitor there): its `next` stays.
      if (window.location.pathname !== '/promotor') void navigate('/promotor');
    };
    window.addEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
    if (expiredBeforeStart) {
      expiredBeforeStart = false;
      onUnauthorized();
    }
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, onUnauthorized);
  }, [navigate]);
}

/**
 * The routed site inside whatever router holds the address: the browser's (`AppRouter`) or,
 * at build time, a fixed one (`src/web/prerender.tsx`), so both draw the same tree.
 */
export function AppRoutes() {
  const routes = useMemo(() => appRoutes(), []);
  const location = useLocation();
  const matches = matchesOf(routes, location.pathname);
  const handle = useMemo(() => handleOf(matches), [matches]);
  // The first navigation ends the page the build drew ('default' is the key of the address opened).
  useEffect(() => {
    if (location.key !== 'default') endHydration();
  }, [location.key]);
  useUnauthorizedRedirect();
  usePageViews(routes, location.pathname);
  const element = useRoutes(branchOf(routes, matches), location);
  return (
    <RouteHandleContext value={handle}>
      {/* A failure in the shell itself: the error page without the layout. */}
      <RouteErrorBoundary resetKey={location.pathname}>{element}</RouteErrorBoundary>
    </RouteHandleContext>
  );
}

/** The site: the browser's address drives the route table. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
