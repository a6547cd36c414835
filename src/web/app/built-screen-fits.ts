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
import { storedStateFor } from '../runtime/flow-session.ts';
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
