/**
 * Whether the page the browser opened is exactly the first screen the build drew for its
 * route (`scripts/prerender.ts`), so the runtime may take that HTML over (`hydrateRoot`)
 * instead of drawing the page itself. The build drew the start step for a visitor with
 * nothing, and the loading step a link's parameter starts at (`startFrom`) for a visitor with
 * a link, whatever its token. Neither fits an address with a query parameter that may open
 * elsewhere (a quote's `?cotizacion=`; campaign tracking and the login's `next` do not:
 * `drawnScreenOf`, as the server decides), a logged-in promoter, or a flow this tab has a
 * saved session or a handoff for: they open elsewhere, and must never show the build's empty
 * form first.
 */
import { matchPath } from 'react-router-dom';
import { drawnScreenOf, pathParamsOf } from '../../engine/routes.ts';
import { clearAllSessions, storedStateFor } from '../runtime/flow-session.ts';
import { usePromoter } from '../stores/promoter-store.ts';
import type { FlowMeta } from '../runtime/flow-files.ts';

/** The address opened, as `window.location` gives it. */
export interface OpenedAddress {
  pathname: string;
  search: string;
}

export function builtScreenFits(
  opened: OpenedAddress,
  storage: Pick<Storage, 'getItem'>,
  promoter: boolean,
  flows: readonly Pick<FlowMeta, 'id' | 'routes' | 'firstView' | 'linkViews'>[],
): boolean {
  const path = opened.pathname.replace(/(.)\/$/, '$1');
  // A route with optional segments (`/credinstante/observados/:token?`) is drawn without them.
  const hit = flows
    .flatMap((flow) => flow.routes.map((route) => ({ flow, route })))
    .find(({ route }) => matchPath(route, path) !== null);
  const flow = hit?.flow;
  const route = hit?.route ?? path;
  if (drawnScreenOf(flow ?? {}, route, opened.search, pathParamsOf(route, path)) === undefined) return false;
  if (promoter) return false;
  return !flow || !storedStateFor(storage, flow.id, path);
}

/**
 * Forgets the stored promoter when the page says the server saw no promoter session: the server
 * sends a page the build drew for its address (`#root` marked `data-prerendered`, not the error
 * page's `="error"`) only to a visitor without a promoter session cookie (`visitorFits`,
 * `src/server/static-site.ts`), and that cookie ends with the browser. A promoter still stored
 * then is one whose session ended with it (a tablet restarted): forgotten at once, with the
 * client applications the tab kept, as a logout would, before any page draws them logged in.
 * True when one was forgotten.
 */
export function forgetEndedPromoter(
  root: Element,
  storage: Pick<Storage, 'length' | 'key' | 'removeItem'>,
): boolean {
  if (root.getAttribute('data-prerendered') !== '' || usePromoter.getState().promoter === null) return false;
  usePromoter.getState().clear();
  clearAllSessions(storage);
  return true;
}
