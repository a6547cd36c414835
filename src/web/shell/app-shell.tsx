/**
 * The root of every page: the layout named by the matched route's handle (flows name
 * theirs in the flow file) around the out-in transition of the routed page. A page whose
 * code is still loading says 'Cargando…' in the main area after a moment (so a fast load
 * does not flash it); a page that fails shows the error page
 * inside the layout; a promoter-only page without a promoter sends to the login.
 */
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { t } from '../lib/i18n.ts';
import { usePromoter } from '../stores/promoter-store.ts';
import { usePageTitle } from './page-title.ts';
import { Layout } from './layout.tsx';
import { LoadingStatus } from './loading-status.tsx';
import { OutIn } from './out-in.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { useRouteHandle } from './route-handle.ts';

export type { RouteHandle } from './route-handle.ts';

function PageTitle({ title }: { title: string }) {
  usePageTitle(t(title), t('app.name'));
  return null;
}

export function AppShell() {
  const handle = useRouteHandle();
  const { pathname, search } = useLocation();
  // Read when the route renders (as a loader would on navigation), not subscribed to:
  // signing out on a promoter page navigates to the login by itself.
  const mustLogIn = handle.requiresPromoter === true && !usePromoter.getState().promoter;
  return (
    <Layout id={handle.layout ?? 'main'} theme={handle.theme} menu={handle.menu !== false}>
      {handle.title && <PageTitle title={handle.title} />}
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<LoadingStatus late />}>
          {mustLogIn ? (
            <Navigate replace to={`/promotor?next=${encodeURIComponent(pathname + search)}`} />
          ) : (
            <OutIn />
          )}
        </Suspense>
      </RouteErrorBoundary>
    </Layout>
  );
}
