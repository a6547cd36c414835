/**
 * The endpoint registry as the server uses it: the shared list of calls (`src/engine/endpoints.ts`)
 * grouped by method and path, with the Fastify route pattern of each path.
 */
import type { EndpointDef } from '../engine/endpoint-types.ts';
import { ENDPOINTS } from '../engine/endpoints.ts';

/** The shared registry as a list. */
export function loadRegistry(): readonly EndpointDef[] {
  return Object.values(ENDPOINTS);
}

/** The calls that share one method and path, told apart by their fixed query parameters. */
export interface RouteGroup {
  method: EndpointDef['method'];
  /** The registry's path, with `{placeholders}`. */
  path: string;
  /** The same path as a Fastify pattern, with `:placeholders`. */
  pattern: string;
  /** Most specific first: the entry with the most fixed query parameters wins. */
  entries: EndpointDef[];
}

/** `{id}` → `:id`. */
export function toFastifyPattern(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

/** Groups registry entries by method and path. */
export function groupRoutes(endpoints: readonly EndpointDef[]): RouteGroup[] {
  const groups = new Map<string, RouteGroup>();
  for (const e of endpoints) {
    const key = `${e.method} ${e.path}`;
    let g = groups.get(key);
    if (!g) {
      g = { method: e.method, path: e.path, pattern: toFastifyPattern(e.path), entries: [] };
      groups.set(key, g);
    }
    g.entries.push(e);
  }
  for (const g of groups.values())
    g.entries.sort((a, b) => Object.keys(b.fixedQuery ?? {}).length - Object.keys(a.fixedQuery ?? {}).length);
  return [...groups.values()];
}

/** The entry of `group` whose fixed query parameters all appear in `query`, or undefined. */
export function pickEntry(group: RouteGroup, query: Record<string, string>): EndpointDef | undefined {
  return group.entries.find((e) => Object.entries(e.fixedQuery ?? {}).every(([k, v]) => query[k] === v));
}

/** First path segments of the API (`/api`, `/kong`, …): unknown paths under them answer JSON 404s. */
export function apiPrefixes(endpoints: readonly EndpointDef[]): string[] {
  const set = new Set(['/api', '/kong', '/v4', '/__sandbox', '/socket.io']);
  for (const e of endpoints) {
    const first = e.path.split('/')[1];
    if (first) set.add(`/${first}`);
  }
  return [...set];
}
