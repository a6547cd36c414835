/**
 * Whether the page the browser opened is exactly the first screen the build drew for its
 * route (`scripts/prerender.ts`), so the runtime may take that HTML over (`hydrateRoot`)
 * instead of drawing the page itself. The build drew a blank first step for a visitor with
 * nothing: an address with a query parameter that may open elsewhere (an SMS link's
 * `?process=`, a quote's `?cotizacion=`; campaign tracking and the login's `next` do not:
 * `queryKeepsFirstScreen`, as the server decides; nor does any on a link's page, whose first
 * step is the same loading step whatever the token), a logged-in promoter, or a flow this tab has
 * a saved session or a handoff for opens elsewhere, and must never show the build's empty form
 * first.
 */
import { matchPath } from 'react-router-dom';
import { firstScreenIgnoresQuery, queryKeepsFirstScreen } from '../../engine/routes.ts';
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
  flows: readonly Pick<FlowMeta, 'id' | 'routes' | 'firstView'>[],
): boolean {
  const path = opened.pathname.replace(/(.)\/$/, '$1');
  // A route with optional segments (`/credinstante/observados/:token?`) is drawn without them.
  const flow = flows.find((f) => f.routes.some((route) => matchPath(route, path) !== null));
  const anyQuery = flow !== undefined && firstScreenIgnoresQuery(flow);
  if (!anyQuery && !queryKeepsFirstScreen(opened.search, path)) return false;
  if (promoter) return false;
  return !flow || !storedStateFor(storage, flow.id, path);
}
