/**
 * `schemas/flow.schema.json` describes a whole flow and, for a flow that `extends` another, a
 * patch of one: its `…Patch` definitions are the whole ones with nothing required and `null`
 * allowed everywhere (a JSON merge patch removes with `null`). They are derived from the whole
 * definitions by {@link withPatchDefinitions}; `node --import tsx scripts/flow-schema-patches.ts`
 * rewrites them, and `src/linter/flow-format.test.ts` fails when they are out of step.
 * The same run writes the `props` of a step from the view-props registry
 * (`src/engine/view-props.ts`): for the editor, each view's props under the step that names it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMMON_PROPS, VIEW_PROPS, viewPropsSchema } from '../src/engine/view-props.ts';
import { VIEW_IDS } from '../src/engine/views.ts';

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

const PROPS_DESCRIPTION =
  "The view's settings, as src/engine/view-props.ts declares them for each view (an unknown or wrongly typed one is reported by view-props). `sharedNumber: true` allows another step with the same number.";

/** The `step` definition with its `props` (every view's, for completion) and, per view, that view's props. */
function withViewProps(step: Schema): Schema {
  const props: Schema = { type: 'object', description: PROPS_DESCRIPTION, properties: { ...COMMON_PROPS } };
  for (const id of VIEW_IDS) Object.assign(props.properties as Schema, VIEW_PROPS[id]);
  const allOf = VIEW_IDS.map((id) => ({
    if: { properties: { view: { const: id } }, required: ['view'] },
    then: { properties: { props: viewPropsSchema(id) } },
  }));
  return { ...step, properties: { ...(step.properties as Schema), props }, allOf };
}

/** The schema with its step props from the view registry and its `…Patch` definitions derived anew from the whole ones. */
export function withPatchDefinitions(schema: Schema): Schema {
  const defs = { ...(schema.definitions as Schema) };
  defs.step = withViewProps(defs.step as Schema);
  for (const name of Object.keys(defs)) if (name.endsWith('Patch')) delete defs[name];
  for (const name of PATCHED) {
    // A step's per-view props need its view, which a patch may leave to the base.
    const { allOf: _perView, ...whole } = defs[name] as Schema;
    const patch = patchOf(name === 'step' ? whole : defs[name]) as Schema;
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
