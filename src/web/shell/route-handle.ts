/**
 * What the matched route tells the shell (layout, theme, title). The router works out the
 * handle of the matched routes and provides it here, so the shell and the pages read it
 * without React Router's data-router hooks (`useMatches`), which the site does not load.
 */
import { createContext, useContext } from 'react';
import type { LayoutId, ThemeId } from '../../engine/flow-types.ts';

/** What a route tells the shell. */
export interface RouteHandle {
  layout?: LayoutId;
  theme?: ThemeId;
  /** i18n key of a page's title; flows and the error page set their own. */
  title?: string;
  /** Only for a logged-in promoter: without one the shell sends to the login and back. */
  requiresPromoter?: boolean;
  /** False on a page without the side drawer and the home link (a flow's `"menu": false`). */
  menu?: boolean;
}

/** The handles of the matched routes, merged from the root to the leaf. */
export const RouteHandleContext = createContext<RouteHandle>({});

/** The matched route's handle (the leaf's fields win over its parents'). */
export function useRouteHandle(): RouteHandle {
  return useContext(RouteHandleContext);
}
