/**
 * `schemas/flow.schema.json` describes a whole flow and, for a flow that `extends` another, a
 * patch of one: its `…Patch` definitions are the whole ones with nothing required and `null`
 * allowed everywhere (a JSON merge patch removes with `null`). They are derived from the whole
 * definitions by {@link withPatchDefinitions}; `node --import tsx scripts/flow-schema-patches.ts`
 * rewrites them, and `src/linter/flow-format.test.ts` fails when they are out of step.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

type Schema = Record<string, unknown>;

/** Definitions a variant may patch (and whatever they refer to). */
export const PATCHED = [
  'step',
  'call',
  'outcome',
  'action',
  'rule',
  'body',
  'wait',
  'timer',
  'modal',
  'button',
];

const isObj = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

function patchOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(patchOf);
  if (!isObj(node)) return node;
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'required' || k === 'examples' || k === 'minProperties') continue;
    if (k === '$ref' && typeof v === 'string') {
      const name = v.replace('#/definitions/', '');
      out[k] = PATCHED.includes(name) ? `#/definitions/${name}Patch` : v;
    } else if (k === 'properties' && isObj(v)) {
      out[k] = Object.fromEntries(
        Object.entries(v).map(([p, s]) => [
          p,
          { description: isObj(s) ? s.description : undefined, anyOf: [{ type: 'null' }, patchOf(s)] },
        ]),
      );
    } else if (k === 'additionalProperties' && isObj(v)) {
      out[k] = { anyOf: [{ type: 'null' }, patchOf(v)] };
    } else if (k === 'if' || k === 'then' || k === 'else') {
      continue;
    } else {
      out[k] = patchOf(v);
    }
  }
  return out;
}

/** The schema with its `…Patch` definitions derived anew from the whole ones. */
export function withPatchDefinitions(schema: Schema): Schema {
  const defs = { ...(schema.definitions as Schema) };
  for (const name of Object.keys(defs)) if (name.endsWith('Patch')) delete defs[name];
  for (const name of PATCHED) {
    const patch = patchOf(defs[name]) as Schema;
    patch.description = `A patch of ${name} (a flow that extends another): any part may be left out, \`null\` removes it.`;
    defs[`${name}Patch`] = patch;
  }
  return { ...schema, definitions: defs };
}

export const SCHEMA_FILE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'schemas',
  'flow.schema.json',
);

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Schema;
  writeFileSync(SCHEMA_FILE, JSON.stringify(withPatchDefinitions(schema), null, 2) + '\n');
}
