/**
 * Matching a concrete request (method, path, query) to its registry entry: the server routes
 * with it, tests and tools use it to name the call behind a URL.
 */
import type { EndpointDef } from '../endpoint-types.ts';

/** A registry entry matched to a request, with the values of its `{placeholders}`. */
export interface EndpointMatch {
  endpoint: EndpointDef;
  params: Record<string, string>;
}

interface Matcher {
  endpoint: EndpointDef;
  /** Literal segment, or `{ name }` for a placeholder (one whole segment). */
  segments: (string | { name: string })[];
  /** Literal segments count: the more specific entry wins when two match. */
  literals: number;
}

/** Path segments without the empty ones a leading or trailing slash leaves. */
function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

/** Finds the registry entry of a request; see {@link endpointFinder}. */
export type FindEndpoint = (
  method: string,
  path: string,
  query?: Readonly<Record<string, string | string[] | undefined>>,
) => EndpointMatch | undefined;

/** Matchers by HTTP method, built once per registry. */
function buildMatchers(endpoints: Readonly<Record<string, EndpointDef>>): Map<string, Matcher[]> {
  const matchers = new Map<string, Matcher[]>();
  for (const endpoint of Object.values(endpoints)) {
    const segments = segmentsOf(endpoint.path).map((s) => {
      const m = /^\{(\w+)\}$/.exec(s);
      return m ? { name: m[1]! } : s;
    });
    const list = matchers.get(endpoint.method) ?? [];
    list.push({ endpoint, segments, literals: segments.filter((s) => typeof s === 'string').length });
    matchers.set(endpoint.method, list);
  }
  return matchers;
}

/**
 * A lookup over `endpoints` that finds the entry for a request. `path` is the URL path (a
 * `?query` part, if any, is read as query too); placeholders match one non-empty segment; a
 * trailing slash does not matter. An entry with `fixedQuery` matches only when every fixed
 * value is present and equal (`prospectos?paso=2` is `taxi.step2`). When several entries
 * match, the one with more literal segments, then the one with a `fixedQuery`, wins.
 * The lookup answers `undefined` when no entry matches.
 */
export function endpointFinder(endpoints: Readonly<Record<string, EndpointDef>>): FindEndpoint {
  // Built at the first lookup: the registry's module is evaluated by every page that runs a
  // flow, in the browser too, where nothing looks a request up.
  let matchers: Map<string, Matcher[]> | undefined;
  return (method, path, query = {}) => {
    matchers ??= buildMatchers(endpoints);
    const [pathname = '', search] = path.split('?', 2);
    const q: Record<string, string | string[] | undefined> = { ...query };
    if (search) for (const [k, v] of new URLSearchParams(search)) q[k] ??= v;
    const parts = segmentsOf(pathname);
    let best: { match: EndpointMatch; score: number } | undefined;
    for (const m of matchers.get(method.toUpperCase()) ?? []) {
      if (m.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < parts.length && ok; i++) {
        const seg = m.segments[i]!;
        const part = parts[i]!;
        if (typeof seg === 'string') ok = seg === part;
        else params[seg.name] = safeDecode(part);
      }
      if (!ok) continue;
      const fixed = m.endpoint.fixedQuery;
      if (fixed && !Object.entries(fixed).every(([k, v]) => first(q[k]) === v)) continue;
      const score = m.literals * 2 + (fixed ? 1 : 0);
      if (!best || score > best.score) best = { match: { endpoint: m.endpoint, params }, score };
    }
    return best?.match;
  };
}

function first(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The entry's path in `:name` form, as routers such as fastify write placeholders. */
export function routePath(endpoint: Pick<EndpointDef, 'path'>): string {
  return endpoint.path.replace(/\{(\w+)\}/g, ':$1');
}
