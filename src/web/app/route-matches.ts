/**
 * Route matching for the route table (`router.tsx`), once per table and address. React Router's
 * `matchRoutes` flattens and ranks the whole table and compiles each path's pattern at every
 * call: 4–6 ms on a first screen, before the engine has warmed up, three times per address (the
 * layout's handle, the page view and `useRoutes`), in the task that takes the page over.
 */
import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router-dom';

/**
 * The routes of `routes` matching `pathname`, as `matchRoutes` finds them (the same array for
 * the same table and address). A table of one layout route ranks only the routes under it
 * whose first segment can match.
 */
const matchCache = new WeakMap<RouteObject[], Map<string, RouteMatch[] | null>>();
export function matchesOf(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let byPath = matchCache.get(routes);
  if (!byPath) matchCache.set(routes, (byPath = new Map<string, RouteMatch[] | null>()));
  // Addresses carry tokens and ids: a long visit keeps only its latest few.
  if (byPath.size >= 32 && !byPath.has(pathname)) byPath.clear();
  if (!byPath.has(pathname)) byPath.set(pathname, matchRoutes(candidates(routes, pathname), { pathname }));
  return byPath.get(pathname) ?? null;
}

/** The first segment of a path (`''` for `/`). */
const firstSegment = (path: string): string => path.split('/').find((s) => s !== '') ?? '';

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * `routes` without the routes under its layout route that cannot match `pathname`: those whose
 * first segment is a different literal (React Router compares paths case-insensitively, on
 * the decoded address). Ranking the few left gives what ranking them all gives, since the
 * others match nothing; each route object stays the same, so a match names the table's own.
 */
function candidates(routes: RouteObject[], pathname: string): RouteObject[] {
  const [layout, ...others] = routes;
  if (!layout || others.length > 0 || layout.path !== undefined || !layout.children) return routes;
  const first = decoded(firstSegment(pathname)).toLowerCase();
  const children = layout.children.filter((route) => {
    if (route.path === undefined || route.children) return true;
    const own = firstSegment(route.path);
    if (own === '') return first === '';
    if (own.startsWith(':') || own.includes('*') || own.endsWith('?')) return true;
    return own.toLowerCase() === first;
  });
  return [{ ...layout, children }];
}

/**
 * The one branch of `routes` that `matches` took (the same route objects), so `useRoutes`
 * matches a table of one branch instead of ranking every route again; the whole table when
 * nothing matched.
 */
const branchCache = new WeakMap<RouteObject, RouteObject[]>();
export function branchOf(routes: RouteObject[], matches: RouteMatch[] | null): RouteObject[] {
  const [root, leaf] = matches ?? [];
  if (!root || !leaf || matches?.length !== 2) return routes;
  let branch = branchCache.get(leaf.route);
  if (!branch)
    branchCache.set(leaf.route, (branch = [{ ...root.route, children: [leaf.route] } as RouteObject]));
  return branch;
}
