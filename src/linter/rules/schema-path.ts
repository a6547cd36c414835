import { isObj } from '../flow-walk.ts';

/** Follows a local `$ref` (`#/definitions/x`, `#/$defs/x`) within `root`. */
function deref(node: unknown, root: unknown, depth = 0): unknown {
  if (!isObj(node) || typeof node.$ref !== 'string' || depth > 20) return node;
  // A reference to another file that was not bundled in: nothing to check against.
  if (!node.$ref.startsWith('#')) return {};
  let target: unknown = root;
  for (const seg of node.$ref.slice(2).split('/').filter(Boolean))
    target = isObj(target)
      ? target[decodeURIComponent(seg).replace(/~1/g, '/').replace(/~0/g, '~')]
      : undefined;
  return deref(target, root, depth + 1);
}

/**
 * Whether a JSON Schema describes the dotted path `segments`. Schemas that do not list
 * their properties are open and accept any path; a schema that lists properties accepts
 * only those (plus `patternProperties` and an `additionalProperties` schema).
 *
 * @returns the index of the first segment the schema does not have, or -1 when it has them all
 */
export function missingSegment(
  schema: unknown,
  segments: readonly string[],
  root: unknown = schema,
  at = 0,
): number {
  if (at >= segments.length) return -1;
  const node = deref(schema, root);
  if (!isObj(node)) return -1;
  const seg = segments[at] ?? '';
  let listed = false;
  let deepest = at;
  const tryChild = (child: unknown): boolean => {
    const miss = missingSegment(child, segments, root, at + 1);
    if (miss === -1) return true;
    deepest = Math.max(deepest, miss);
    return false;
  };
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const b = deref(branch, root);
      if (!isObj(b)) continue;
      if (
        b.properties === undefined &&
        b.items === undefined &&
        b.allOf === undefined &&
        b.anyOf === undefined &&
        b.oneOf === undefined
      )
        continue;
      listed = true;
      const miss = missingSegment(b, segments, root, at);
      if (miss === -1) return -1;
      deepest = Math.max(deepest, miss);
    }
  }
  if (isObj(node.properties)) {
    listed = true;
    if (seg in node.properties && tryChild(node.properties[seg])) return -1;
  }
  if (isObj(node.patternProperties)) {
    for (const [pattern, child] of Object.entries(node.patternProperties))
      if (new RegExp(pattern).test(seg) && tryChild(child)) return -1;
  }
  if (isObj(node.additionalProperties) && tryChild(node.additionalProperties)) return -1;
  if (node.items !== undefined) {
    listed = true;
    if (/^\d+$/.test(seg) && tryChild(Array.isArray(node.items) ? node.items[Number(seg)] : node.items))
      return -1;
  }
  return listed ? deepest : -1;
}

/** The property names a schema lists at the object reached by `segments` (for a "did you mean"). */
export function propertiesAt(schema: unknown, segments: readonly string[], root: unknown = schema): string[] {
  const node = deref(schema, root);
  if (!isObj(node)) return [];
  const out: string[] = [];
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(node[key])) for (const b of node[key]) out.push(...propertiesAt(b, segments, root));
  }
  if (segments.length === 0) {
    if (isObj(node.properties)) out.push(...Object.keys(node.properties));
    return [...new Set(out)];
  }
  const [seg, ...rest] = segments;
  if (isObj(node.properties) && seg !== undefined && seg in node.properties)
    out.push(...propertiesAt(node.properties[seg], rest, root));
  if (node.items !== undefined && !Array.isArray(node.items))
    out.push(...propertiesAt(node.items, rest, root));
  return [...new Set(out)];
}
