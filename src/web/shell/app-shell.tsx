/**
 * The root of every page: the layout named by the matched route's `handle` (flows name
 * theirs in the flow file) around the out-in transition of the routed page.
 */
import { useMatches } from 'react-router-dom';
import { t } from '../lib/i18n.ts';
import { usePageTitle } from './page-title.ts';
import type { LayoutId, ThemeId } from '../../engine/flow-types.ts';
import { Layout } from './layout.tsx';
import { OutIn } from './out-in.tsx';

/** What a route tells the shell. */
export interface RouteHandle {
  layout?: LayoutId;
  theme?: ThemeId;
  /** i18n key of a page's title; flows and the error page set their own. */
  title?: string;
}

function PageTitle({ title }: { title: string }) {
  usePageTitle(t(title), t('app.name'));
  return null;
}

export function AppShell() {
  const matches = useMatches();
  let handle: RouteHandle = {};
  for (const m of matches) if (m.handle) handle = { ...handle, ...(m.handle as RouteHandle) };
  return (
    <Layout id={handle.layout ?? 'main'} theme={handle.theme}>
      {handle.title && <PageTitle title={handle.title} />}
      <OutIn />
    </Layout>
  );
}
