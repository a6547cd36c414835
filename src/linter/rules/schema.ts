import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import flowSchema from '../../../schemas/flow.schema.json' with { type: 'json' };
import { didYouMean } from '../../engine/suggest.ts';
import { fromPointer } from '../json-position.ts';
import type { PathSegment, ReportDescriptor, Rule } from '../types.ts';

let validate: ValidateFunction | undefined;

/** The compiled flow schema (compiled once per process). */
function validator(): ValidateFunction {
  validate ??= new Ajv({ allErrors: true, verbose: true, strict: false }).compile(flowSchema);
  return validate;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value} (${JSON.stringify(value)})`;
}

const article = (t: string): string =>
  t === 'object' || t === 'array' || t === 'integer' ? `an ${t}` : `a ${t}`;

/** Errors another rule reports with a clearer message: left to that rule. */
function coveredElsewhere(e: ErrorObject): boolean {
  const path = fromPointer(e.instancePath);
  // A view id outside the registry: unknown-view says so, with a "did you mean".
  if (e.keyword === 'enum' && path.length === 3 && path[0] === 'steps' && path[2] === 'view') return true;
  // A step's view props: view-props says so, from the same registry the schema is generated from.
  if (path.length >= 3 && path[0] === 'steps' && path[2] === 'props') return true;
  // A missing `else`: missing-fallback says so.
  if (e.keyword === 'required' && (e.params as { missingProperty?: string }).missingProperty === 'else')
    return true;
  // Summaries of nested errors (the nested ones are reported).
  return e.keyword === 'propertyNames' || e.keyword === 'if' || e.keyword === 'allOf';
}

/** One plain-worded problem for an ajv error. */
export function describeError(e: ErrorObject): ReportDescriptor {
  const path: PathSegment[] = fromPointer(e.instancePath);
  const at = e.instancePath === '' ? 'the flow' : e.instancePath;
  const parent = e.parentSchema as { description?: string; properties?: Record<string, unknown> } | undefined;
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = (e.params as { additionalProperty: string }).additionalProperty;
      const allowed = Object.keys(parent?.properties ?? {});
      return {
        path: [...path, name],
        atKey: true,
        message: `Unknown property "${name}" in ${at}.${didYouMean(name, allowed)} Allowed: ${allowed.join(', ')}.`,
      };
    }
    case 'required': {
      const name = (e.params as { missingProperty: string }).missingProperty;
      return {
        path,
        message: `${at === 'the flow' ? 'The flow' : at} is missing the required property "${name}".`,
      };
    }
    case 'enum': {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map(String);
      const value = String(e.data);
      return {
        path,
        message: `"${value}" is not allowed at ${at}.${didYouMean(value, allowed)} Use one of: ${allowed.join(', ')}.`,
      };
    }
    case 'const':
      return {
        path,
        message: `${at} must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)} (or be left out), found ${typeOf(e.data)}.`,
      };
    case 'type':
      return {
        path,
        message: `${at} must be ${article(String((e.params as { type: string }).type))}, found ${typeOf(e.data)}.`,
      };
    case 'pattern': {
      const name = e.propertyName;
      if (name !== undefined)
        return {
          path: [...path, name],
          atKey: true,
          message: `The name "${name}" in ${at} is not allowed: use letters, digits and dashes, starting with a letter.`,
        };
      return {
        path,
        message: `${JSON.stringify(e.data)} at ${at} is not in the expected form: ${parent?.description ?? e.message ?? ''}`,
      };
    }
    default:
      return { path, message: `${at} ${e.message ?? 'is not valid'}.` };
  }
}

/** The flow file conforms to `schemas/flow.schema.json`. */
export const rule: Rule = {
  id: 'schema',
  meta: {
    description:
      'The flow file conforms to schemas/flow.schema.json (properties, types, enums, required fields).',
    severity: 'error',
    messages: {},
  },
  check(ctx) {
    // Optional for the engine, but without it an editor neither completes nor checks the file.
    if (ctx.flow && !('$schema' in ctx.flow)) {
      ctx.report({
        path: [],
        severity: 'warning',
        message:
          'The flow has no "$schema": add "$schema": "../schemas/flow.schema.json" as its first property, so editors complete and check it.',
      });
    }
    const validate = validator();
    if (validate(ctx.file.data)) return;
    const seen = new Set<string>();
    for (const e of validate.errors ?? []) {
      if (coveredElsewhere(e)) continue;
      const d = describeError(e);
      const key = `${d.path.join('/')}|${d.message ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      ctx.report(d);
    }
  },
};
