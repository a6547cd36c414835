import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { ENDPOINTS } from '../engine/endpoints.ts';
import { ALLOWED_OPERATORS } from '../engine/logic.ts';
import { PAGE_ROUTES, SPEC_ROUTES } from '../engine/routes.ts';
import { VIEW_IDS } from '../engine/views.ts';
import { analystEnv, parseTolerant } from './analyst-env.ts';
import { isObj } from './flow-walk.ts';
import type { FlowSource, LintEnv, LintForm } from './types.ts';

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8')) as unknown;
/** Form schemas and texts are edited by hand: one with a syntax error is read as far as it goes (json-syntax reports it). */
const readTolerant = (file: string): unknown => parseTolerant(readFileSync(file, 'utf8'));

/**
 * A schema with every `$ref` (to its own file or to a sibling file such as
 * `common.response.json#/properties/codRes`) replaced by what it points at, so the rules can
 * walk it without a resolver. Cycles stop after a few levels and stay open (`{}`).
 */
export function bundleSchema(dir: string, file: string, cache = new Map<string, unknown>()): unknown {
  const load = (name: string): unknown => {
    if (!cache.has(name)) cache.set(name, existsSync(join(dir, name)) ? readJson(join(dir, name)) : {});
    return cache.get(name);
  };
  const resolve = (node: unknown, base: string, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((n) => resolve(n, base, depth));
    if (!isObj(node)) return node;
    if (typeof node.$ref === 'string') {
      if (depth > 12) return {};
      const [target = '', pointer = ''] = node.$ref.split('#');
      const name = target === '' ? base : target;
      let found: unknown = load(name);
      for (const seg of pointer.split('/').filter(Boolean))
        found = isObj(found) ? found[seg.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
      return resolve(found ?? {}, name, depth + 1);
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v, base, depth)]));
  };
  return resolve(load(file), file, 0);
}

/**
 * The flow files of `flows/` and its folders (sorted by path), as sources. Fragments live in
 * folders (`flows/fragments/firma.json`) and are included by that name (`fragments/firma`).
 */
export function readFlowDir(root: string): FlowSource[] {
  const dir = join(root, 'flows');
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((n) => n.split(sep).join('/'))
    .filter((n) => n.endsWith('.json'))
    .sort()
    .map((n) => ({ path: `flows/${n}`, text: readFileSync(join(dir, n), 'utf8') }));
}

/**
 * The real environment of the project at `root`: the endpoint registry with its response
 * schemas, the forms, the views, the Spanish messages, the routes and pages, the engine's
 * operators, and every flow of `flows/` as the library for includes.
 */
export function loadEnv(root: string): LintEnv {
  const apiDir = join(root, 'schemas', 'api');
  const cache = new Map<string, unknown>();
  const responseSchemas: Record<string, unknown> = {};
  for (const endpoint of Object.values(ENDPOINTS)) {
    const file = endpoint.response.replace(/^.*\//, '');
    if (existsSync(join(apiDir, file))) responseSchemas[endpoint.id] = bundleSchema(apiDir, file, cache);
  }
  const forms: Record<string, LintForm> = {};
  const formDir = join(root, 'schemas', 'forms');
  if (existsSync(formDir)) {
    for (const name of readdirSync(formDir).filter((n) => n.endsWith('.json'))) {
      const form = readTolerant(join(formDir, name));
      forms[name.replace(/\.json$/, '')] =
        isObj(form) && 'schema' in form ? (form as unknown as LintForm) : { schema: form };
    }
  }
  return {
    endpoints: ENDPOINTS,
    responseSchemas,
    forms,
    views: VIEW_IDS,
    messages: (readTolerant(join(root, 'i18n', 'es-PE.json')) ?? {}) as Record<string, string>,
    routes: SPEC_ROUTES,
    pages: PAGE_ROUTES,
    operators: ALLOWED_OPERATORS,
    library: readFlowDir(root),
    ...analystEnv(root),
  };
}
