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
 * The cookie the server sets on a page request whose promoter session it had closed (idle too
 * long): `SESSION_ENDED_COOKIE` in `src/server/session-cookie.ts`, written out here so the
 * entry imports nothing of the server's (promoter.spec.ts's closed-session test fails if the
 * two differ).
 */
const SESSION_ENDED_COOKIE = 'sid-ended';

/**
 * Forgets the stored promoter when the page says the server saw no promoter session, before
 * any page draws them logged in, with the client applications the tab kept, as a logout would:
 * - `'expired'`: the server had closed the session the cookie named, cleared that cookie and
 *   said so (`sid-ended`, dropped here once read): the site then says the session expired.
 * - `'ended'`: the server sent a page the build drew for its address (`#root` marked
 *   `data-prerendered`, not the error page's `="error"`), which it sends only to a visitor
 *   without a promoter session cookie (`visitorFits`, `src/server/static-site.ts`), and that
 *   cookie ends with the browser: the session ended with it (a tablet restarted).
 * - null: no promoter was stored, or nothing says the session is over.
 */
export function forgetEndedPromoter(
  root: Element,
  storage: Pick<Storage, 'length' | 'key' | 'removeItem'>,
  doc: Pick<Document, 'cookie'> = document,
): 'expired' | 'ended' | null {
  const closed = new RegExp(`(?:^|;\\s*)${SESSION_ENDED_COOKIE}=`).test(doc.cookie);
  if (closed) doc.cookie = `${SESSION_ENDED_COOKIE}=; Max-Age=0; Path=/`;
  if (usePromoter.getState().promoter === null) return null;
  const ended = closed ? 'expired' : root.getAttribute('data-prerendered') === '' ? 'ended' : null;
  if (ended === null) return null;
  usePromoter.getState().clear();
  clearAllSessions(storage);
  return ended;
}
