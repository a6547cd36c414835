import { didYouMean } from '../../engine/suggest.ts';
import { isObj, logicSitesOf, outcomesOf, type Path, type ScopeKind, type Where } from '../flow-walk.ts';
import type { RuleContext, Rule } from '../types.ts';
import { missingSegment, propertiesAt } from './schema-path.ts';

/** The `var` roots the engine offers at each kind of place. */
export const SCOPES: Readonly<Record<ScopeKind, readonly string[]>> = {
  outcome: ['response', 'context', 'form', 'params', 'error'],
  request: ['context', 'form', 'params'],
  'wait-room': ['context'],
};

/** Operators whose second and later arguments read each element, not the flow's data. */
const ITERATING = new Set(['map', 'filter', 'reduce', 'all', 'none', 'some']);

/** Every `var` path of an expression that reads the flow's data, with the path of its node. */
function varsOf(logic: unknown, path: Path): { name: string; path: Path }[] {
  const out: { name: string; path: Path }[] = [];
  const walk = (node: unknown, p: Path): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, [...p, i]));
    if (!isObj(node) || Object.keys(node).length !== 1) return;
    const [op = ''] = Object.keys(node);
    const args = node[op];
    if (op === 'var') {
      const name: unknown = Array.isArray(args) ? (args as unknown[])[0] : args;
      if (typeof name === 'string') out.push({ name, path: [...p, op] });
      else walk(args, [...p, op]);
      return;
    }
    if (ITERATING.has(op) && Array.isArray(args)) return walk(args[0], [...p, op, 0]);
    walk(args, [...p, op]);
  };
  walk(logic, path);
  return out;
}

function checkPath(ctx: RuleContext, name: string, path: Path, kind: ScopeKind, where: Where): void {
  if (name === '') return;
  const [root = '', ...rest] = name.split('.');
  const scopes = SCOPES[kind];
  if (!scopes.includes(root)) {
    ctx.report({ path, messageId: 'noScope', data: { name, scopes: scopes.join(', ') } });
    return;
  }
  const key = rest[0];
  if (key === undefined) return;
  if (root === 'context') {
    const keys = ctx.project.contextKeys(ctx.file);
    if (!keys.has(key))
      ctx.report({ path, messageId: 'context', data: { name, key, hint: didYouMean(key, keys) } });
  } else if (root === 'params') {
    const params = ctx.project.params(ctx.file);
    if (!params.has(key))
      ctx.report({ path, messageId: 'params', data: { name, key, hint: didYouMean(key, params) } });
  } else if (root === 'form') {
    const formId = where.step?.form;
    const form = typeof formId === 'string' ? ctx.env.forms[formId] : undefined;
    if (form === undefined || typeof formId !== 'string') return;
    reportSchemaMiss(ctx, form.schema, rest, name, path, `form "${formId}"`);
  } else if (root === 'response') {
    const endpoint = where.endpoint;
    if (endpoint === undefined || where.wait) return;
    const schema = ctx.env.responseSchemas[endpoint];
    if (schema === undefined) return;
    reportSchemaMiss(ctx, schema, rest, name, path, `the response of "${endpoint}"`);
  }
}

function reportSchemaMiss(
  ctx: RuleContext,
  schema: unknown,
  segments: string[],
  name: string,
  path: Path,
  what: string,
): void {
  const miss = missingSegment(schema, segments);
  if (miss < 0) return;
  const field = segments[miss] ?? '';
  const known = propertiesAt(schema, segments.slice(0, miss));
  ctx.report({ path, messageId: 'field', data: { name, what, field, hint: didYouMean(field, known) } });
}

/**
 * Every `var` path names something that exists: its root is a scope the engine offers there;
 * `context.x` is a default, a URL parameter or a key some `set`/`assign` writes anywhere in
 * the flow (or its fragments); `params.x` is a declared parameter; `form.x` is in the step's
 * form schema; `response.x` is in the endpoint's response schema. Outcome `on` fields are
 * checked against the response schema as well. Paths inside the element expressions of
 * map/filter/reduce/all/none/some read the element and are not checked.
 */
export const rule: Rule = {
  id: 'unknown-var',
  meta: {
    description: 'var paths name fields of the response schema, the form, the context or the URL parameters.',
    severity: 'error',
    messages: {
      noScope: '"{{name}}" does not start with a scope: here a var path starts with {{scopes}}.',
      context:
        '"{{name}}": no context key "{{key}}" is set anywhere in the flow (context defaults, params, set or assign).{{hint}}',
      params: '"{{name}}": "{{key}}" is not one of the flow\'s URL "params".{{hint}}',
      field: '"{{name}}": {{what}} has no field "{{field}}".{{hint}}',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    for (const site of logicSitesOf(ctx.flow)) {
      for (const v of varsOf(site.logic, site.path)) checkPath(ctx, v.name, v.path, site.kind, site.where);
    }
    for (const site of outcomesOf(ctx.flow)) {
      if (typeof site.outcome.on !== 'string' || site.where.wait || site.where.endpoint === undefined)
        continue;
      const schema = ctx.env.responseSchemas[site.where.endpoint];
      if (schema !== undefined)
        reportSchemaMiss(
          ctx,
          schema,
          site.outcome.on.split('.'),
          `response.${site.outcome.on}`,
          [...site.path, 'on'],
          `the response of "${site.where.endpoint}"`,
        );
    }
  },
};
