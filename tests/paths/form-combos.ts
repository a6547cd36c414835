/**
 * Choices worth trying together. The explorer tries each value of a form choice the flow's
 * logic reads, one field per run; a branch that needs two non-default choices at once (no
 * office *and* the SOAT emitted with the credit) needs one more run with both. Those runs are
 * bounded by what the flow compares: the values a rule tests a field against (`form.x`, or a
 * context value the flow assigns from it), two fields of one step at a time.
 */

type Json = unknown;

const isObj = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isLiteral = (v: Json): boolean =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
/** The name a `{ "var": "form.x" }` or `{ "var": "context.x" }` reads, as `form.x` / `context.x`. */
const varOf = (v: Json): string | undefined =>
  isObj(v) && typeof v.var === 'string' && /^(form|context)\.[A-Za-z_]\w*$/.test(v.var) ? v.var : undefined;

const COMPARISONS = new Set(['==', '===', '!=', '!==']);

/**
 * For each form field, the values the flow's logic compares it with: directly (`form.x`) or
 * through the context value an `assign`/`set` copies it to (`"x": { "var": "form.x" }`).
 */
export function comparedValues(flow: Json): Map<string, Json[]> {
  const copies = new Map<string, string>();
  const compared: [string, Json][] = [];
  const walk = (node: Json): void => {
    if (Array.isArray(node)) {
      node.forEach(walk);
      return;
    }
    if (!isObj(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const read = varOf(value);
      if (read?.startsWith('form.')) copies.set(`context.${key}`, read);
      if (COMPARISONS.has(key) && Array.isArray(value) && value.length === 2) {
        const [a, b] = value as [Json, Json];
        const name = varOf(a) ?? varOf(b);
        const literal = varOf(a) === undefined ? a : b;
        if (name !== undefined && isLiteral(literal)) compared.push([name, literal]);
      }
      if (key === 'in' && Array.isArray(value) && value.length === 2 && Array.isArray(value[1])) {
        const name = varOf(value[0]);
        if (name !== undefined) for (const v of value[1]) if (isLiteral(v)) compared.push([name, v]);
      }
      walk(value);
    }
  };
  walk(flow);
  const out = new Map<string, Json[]>();
  for (const [name, value] of compared) {
    const form = name.startsWith('form.') ? name : copies.get(name);
    if (form === undefined) continue;
    const field = form.slice('form.'.length);
    const list = out.get(field) ?? [];
    if (!list.includes(value)) list.push(value);
    out.set(field, list);
  }
  return out;
}

/**
 * The runs that set two of a step's choice fields at once, each to a value the flow compares
 * it with that is not its first choice (the one every run takes unless told otherwise): one
 * assignment (field → choice index) per pair of values, for every pair of such fields.
 */
export function choiceCombos(
  fields: readonly (readonly [string, readonly Json[]])[],
  compared: ReadonlyMap<string, readonly Json[]>,
): Record<string, number>[] {
  // `==` compares loosely (0 and "0"); the choices keep their schema type.
  const same = (a: Json, b: Json): boolean =>
    a === b || (isLiteral(a) && isLiteral(b) && String(a) === String(b));
  const named = fields.flatMap(([field, choices]) => {
    const values = compared.get(field) ?? [];
    const picks = choices.flatMap((c, i) => (i > 0 && values.some((v) => same(v, c)) ? [i] : []));
    return picks.length > 0 ? [[field, picks] as const] : [];
  });
  const out: Record<string, number>[] = [];
  for (let a = 0; a < named.length; a++)
    for (let b = a + 1; b < named.length; b++) {
      const [fa, pa] = named[a]!;
      const [fb, pb] = named[b]!;
      for (const ia of pa) for (const ib of pb) out.push({ [fa]: ia, [fb]: ib });
    }
  return out;
}
