/**
 * Dotted paths into plain data, the way json-logic's `var` reads them: `"prospecto.estadoProspecto"`,
 * `"lista.0.nombre"`. Used for outcome codes (`outcome.on`, an endpoint's `codeField`) and `var`.
 */

/**
 * The value at `path` in `obj`, or `undefined` when any segment is missing or a parent is
 * not an object. An empty path returns `obj` itself.
 */
export function readPath(obj: unknown, path: string): unknown {
  if (path === '') return obj;
  let current: unknown = obj;
  let start = 0;
  for (;;) {
    if (current === null || typeof current !== 'object') return undefined;
    const dot = path.indexOf('.', start);
    const key = dot === -1 ? path.slice(start) : path.slice(start, dot);
    // Own properties only: a path never reaches `constructor`, `__proto__` or other inherited members.
    current = Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined;
    if (dot === -1) return current;
    start = dot + 1;
  }
}

/**
 * A copy of `obj` with `value` at the dotted `path`, copying only the objects along the path
 * (the input is never changed). Missing or non-object parents become new objects.
 */
export function setPath(obj: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const dot = path.indexOf('.');
  if (dot === -1) return { ...obj, [path]: value };
  const head = path.slice(0, dot);
  const child = obj[head];
  const base =
    child !== null && typeof child === 'object' && !Array.isArray(child)
      ? (child as Record<string, unknown>)
      : {};
  return { ...obj, [head]: setPath(base, path.slice(dot + 1), value) };
}
