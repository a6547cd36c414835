/**
 * The route table: every route of `SPEC_ROUTES`. Routes served by a flow file lazy-load the
 * flow and the flow runner; routes of `PAGE_ROUTES` lazy-load their page (the home page is
 * in the entry: it is the landing page). Promoter-only routes redirect to `/promotor?next=…`.
 */
import { createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import { PAGE_ROUTES, SPEC_ROUTES } from '../../engine/routes.ts';
import { guardedImport } from '../lib/chunk-reload-guard.ts';
import { NotFoundPage, RouteError } from '../pages/error-page.tsx';
import HomePage from '../pages/home-page.tsx';
import { flowMetas, loadFlow } from '../runtime/flow-files.ts';
import { AppShell, type RouteHandle } from '../shell/app-shell.tsx';
import { usePromoter } from '../stores/promoter-store.ts';

type PageModule = { default: React.ComponentType };

const PAGES: Record<string, () => Promise<PageModule>> = {
  products: () => import('../pages/products-page.tsx'),
  'promoter-login': () => import('../pages/promoter-login-page.tsx'),
  'prospect-status': () => import('../pages/prospect-status-page.tsx'),
  'prospect-detail': () => import('../pages/prospect-detail-page.tsx'),
  'electronic-signature': () => import('../pages/electronic-signature-page.tsx'),
  'product-pending': () => import('../pages/product-pending-page.tsx'),
};

/** Without a promoter, go to the login and come back after it. */
function requirePromoter({ request }: LoaderFunctionArgs): void {
  if (usePromoter.getState().promoter) return;
  const url = new URL(request.url);
  // React Router's way to redirect from a loader is to throw the redirect response.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw redirect(`/promotor?next=${encodeURIComponent(url.pathname + url.search)}`);
}


function flowRoutes(): { routes: RouteObject[]; served: Set<string> } {
  const served = new Set<string>();
  const routes: RouteObject[] = [];
  for (const { file, meta } of flowMetas()) {
    for (const path of meta.routes) {
      served.add(path);
      routes.push({
        path,
        handle: { layout: meta.layout, theme: meta.theme } satisfies RouteHandle,
        loader: async (args) => {
          if (meta.requiresPromoter) requirePromoter(args);
          return guardedImport(() => loadFlow(file));
        },
        lazy: () => guardedImport(() => import('../runtime/flow-page.tsx')).then((m) => ({ Component: m.FlowPage })),
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
    const handle: RouteHandle = { layout: page.page === 'home' ? 'main' : 'default', title: page.title };
    if (page.page === 'home') {
      routes.push({ path, handle, Component: HomePage });
      continue;
    }
    const load = PAGES[page.page];
    if (!load) throw new Error(`PAGE_ROUTES names page "${page.page}" for ${path}, but the router has no such page.`);
    routes.push({
      path,
      handle,
      ...(page.requiresPromoter ? { loader: (args: LoaderFunctionArgs) => (requirePromoter(args), null) } : {}),
      lazy: () => guardedImport(load).then((m) => ({ Component: m.default })),
    });
  }
  return routes;
}

/** The route objects (exported for tests). */
export function appRoutes(): RouteObject[] {
  const flows = flowRoutes();
  return [
    {
      Component: AppShell,
      errorElement: <RouteError />,
      HydrateFallback: () => null,
      children: [
        {
          errorElement: <RouteError />,
          children: [...flows.routes, ...pageRoutes(flows.served), { path: '*', handle: { layout: 'default' }, Component: NotFoundPage }],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
