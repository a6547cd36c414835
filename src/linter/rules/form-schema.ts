import { didYouMean } from '../../engine/suggest.ts';
import { isObj, type Obj, type Path } from '../flow-walk.ts';
import { parseFlow } from '../json-position.ts';
import type { ParsedFlow, Rule, RuleContext } from '../types.ts';

/** Subschemas of a schema node, with their paths (properties, items, definitions, combinators, conditionals). */
function children(node: Obj, path: Path): { node: Obj; path: Path; inherits: boolean }[] {
  const out: { node: Obj; path: Path; inherits: boolean }[] = [];
  for (const key of ['properties', 'definitions', '$defs', 'patternProperties']) {
    const map = node[key];
    if (isObj(map))
      for (const [k, v] of Object.entries(map))
        if (isObj(v)) out.push({ node: v, path: [...path, key, k], inherits: false });
  }
  for (const key of ['items', 'additionalProperties', 'not']) {
    const v = node[key];
    if (isObj(v)) out.push({ node: v, path: [...path, key], inherits: false });
  }
  // Branches of the same object: their `required` may name the object's own properties.
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = node[key];
    if (Array.isArray(list))
      list.forEach((v, i) => isObj(v) && out.push({ node: v, path: [...path, key, i], inherits: true }));
  }
  for (const key of ['if', 'then', 'else']) {
    const v = node[key];
    if (isObj(v)) out.push({ node: v, path: [...path, key], inherits: true });
  }
  if (isObj(node.dependencies)) {
    for (const [k, v] of Object.entries(node.dependencies))
      if (isObj(v)) out.push({ node: v, path: [...path, 'dependencies', k], inherits: true });
  }
  return out;
}

function checkSchema(
  ctx: RuleContext,
  file: ParsedFlow,
  node: Obj,
  path: Path,
  inherited: readonly string[],
): void {
  const own = isObj(node.properties) ? Object.keys(node.properties) : [];
  const names = [...inherited, ...own];
  if (Array.isArray(node.required) && (own.length > 0 || inherited.length > 0)) {
    node.required.forEach((name, i) => {
      if (typeof name === 'string' && !names.includes(name))
        ctx.report({
          file,
          path: [...path, 'required', i],
          messageId: 'required',
          data: { name, hint: didYouMean(name, names), properties: names.join(', ') },
        });
    });
  }
  const formats = ctx.env.formFormats;
  if (typeof node.format === 'string' && formats && !formats.includes(node.format))
    ctx.report({
      file,
      path: [...path, 'format'],
      messageId: 'format',
      data: { format: node.format, hint: didYouMean(node.format, formats) },
    });
  for (const child of children(node, path))
    checkSchema(ctx, file, child.node, child.path, child.inherits ? names : []);
}

/**
 * Form schemas (`schemas/forms/<id>.json`) are sound: each `required` names a property of its
 * object, and each `format` is one the form validator knows (ajv-formats' and the Peruvian
 * ones: dni, ce, ruc, cci, celular, placa). Reported in the form file.
 */
export const rule: Rule = {
  id: 'form-schema',
  meta: {
    description: 'Form schemas require only their own properties and name only known formats.',
    severity: 'error',
    scope: 'project',
    messages: {
      required:
        '"required" names "{{name}}", which is not a property of this object, so the form can never be sent.{{hint}} Its properties: {{properties}}.',
      format: 'Unknown format "{{format}}": the form validator would refuse every value.{{hint}}',
    },
  },
  check(ctx) {
    for (const source of ctx.env.files ?? []) {
      if (!/(^|\/)schemas\/forms\/[^/]+\.json$/.test(source.path)) continue;
      const { file } = parseFlow(source.path, source.text);
      if (!file.ok || !isObj(file.data)) continue;
      const wrapped = 'schema' in file.data && isObj(file.data.schema);
      const schema = wrapped ? (file.data.schema as Obj) : file.data;
      checkSchema(ctx, file, schema, wrapped ? ['schema'] : [], []);
    }
  },
};
