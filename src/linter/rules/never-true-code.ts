import { didYouMean } from '../../engine/suggest.ts';
import { isObj, outcomesOf, type Path } from '../flow-walk.ts';
import type { LintEndpoint, Rule, RuleContext } from '../types.ts';
import { codedOutcome, listCodes } from './codes.ts';

function isCodeVar(node: unknown, field: string): boolean {
  if (!isObj(node) || Object.keys(node).length !== 1) return false;
  const v = node.var;
  const path: unknown = Array.isArray(v) ? (v as unknown[])[0] : v;
  return path === `response.${field}`;
}

interface Found {
  path: Path;
  messageId: 'strictNumber' | 'looseNumber' | 'unknown' | 'inNumber';
  value: string;
}

/**
 * Comparisons of the answer code anywhere in a rule's condition (inside `and`, `!`, `if`…)
 * that can never hold. `covered` marks the places impossible-code already checks for codes
 * the endpoint does not answer (the condition itself and the branches of a top `or`).
 */
function comparisons(
  logic: unknown,
  path: Path,
  field: string,
  codes: readonly string[],
  numeric: boolean,
): Found[] {
  const out: Found[] = [];
  const walk = (node: unknown, p: Path, covered: boolean): void => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, [...p, i], false));
    if (!isObj(node) || Object.keys(node).length !== 1) return;
    const [op = ''] = Object.keys(node);
    const args = node[op];
    const at: Path = [...p, op];
    if (['==', '===', '!=', '!=='].includes(op) && Array.isArray(args) && args.length === 2) {
      const [a, b] = args as unknown[];
      const other = isCodeVar(a, field) ? b : isCodeVar(b, field) ? a : undefined;
      if (other !== undefined) {
        if (typeof other === 'number') {
          if (numeric) return;
          if (op === '===' || op === '!==')
            out.push({ path: at, messageId: 'strictNumber', value: String(other) });
          else if (!codes.some((c) => c.trim() !== '' && Number(c) === other))
            out.push({ path: at, messageId: 'looseNumber', value: String(other) });
        } else if (typeof other === 'string' && !codes.includes(other) && (!covered || op.startsWith('!'))) {
          out.push({ path: at, messageId: 'unknown', value: other });
        }
        return;
      }
    }
    if ((op === 'in' || op === 'codeIn') && Array.isArray(args) && isCodeVar(args[0], field)) {
      const list: unknown[] =
        op === 'codeIn' && !Array.isArray(args[1])
          ? (args as unknown[]).slice(1)
          : Array.isArray(args[1])
            ? (args[1] as unknown[])
            : [];
      const listAt = op === 'codeIn' && !Array.isArray(args[1]) ? at : [...at, 1];
      list.forEach((c, i) => {
        const itemAt = op === 'codeIn' && !Array.isArray(args[1]) ? [...listAt, i + 1] : [...listAt, i];
        if (typeof c === 'number' && op === 'in' && !numeric)
          out.push({ path: itemAt, messageId: 'inNumber', value: String(c) });
        else if (
          (typeof c === 'string' || typeof c === 'number') &&
          !codes.includes(String(c)) &&
          (op === 'codeIn' || !covered)
        )
          out.push({ path: itemAt, messageId: 'unknown', value: String(c) });
      });
      return;
    }
    walk(args, at, covered && op === 'or');
  };
  walk(logic, path, true);
  return out;
}

/**
 * True when the response schema lets the code be a number (`"type": ["string", "integer"]`):
 * some services answer 99 and "99" with different meanings, and a flow tells them apart.
 */
function numericCode(schema: unknown, field: string): boolean {
  const prop = isObj(schema) && isObj(schema.properties) ? schema.properties[field] : undefined;
  const type = isObj(prop) ? prop.type : undefined;
  const types = Array.isArray(type) ? type : [type];
  return types.includes('integer') || types.includes('number');
}

function report(ctx: RuleContext, f: Found, endpoint: LintEndpoint, field: string): void {
  ctx.report({
    path: f.path,
    messageId: f.messageId,
    data: {
      field,
      value: f.value,
      endpoint: endpoint.id,
      codes: listCodes(endpoint.codes),
      hint: didYouMean(f.value, endpoint.codes),
    },
  });
}

/**
 * A comparison of the answer code that can never be true, wherever it sits in a rule's
 * condition: `{"===": [{"var": "response.codigoRespuesta"}, 0]}` (codes are strings), `==` with
 * a number no code equals, `in` with a number, and a code the call never answers in an
 * `and`, a `!`, or a `codeIn` list.
 */
export const rule: Rule = {
  id: 'never-true-code',
  meta: {
    description: 'Comparisons of the answer code inside a condition can be true.',
    severity: 'error',
    messages: {
      strictNumber:
        '{{field}} is compared with the number {{value}} by strict equality, which is never true: codes are strings. Write "{{value}}" in quotes (the answers: {{codes}}).',
      looseNumber: '{{field}} never equals {{value}}: endpoint "{{endpoint}}" answers {{codes}}.',
      inNumber:
        'The list has the number {{value}}, which "in" never matches: codes are strings. Write "{{value}}" in quotes.',
      unknown:
        'Endpoint "{{endpoint}}" never answers {{field}} "{{value}}", so this test never holds; it answers {{codes}}.{{hint}}',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    for (const site of outcomesOf(ctx.flow)) {
      const coded = codedOutcome(site, ctx.env);
      if (!coded || !Array.isArray(site.outcome.rules)) continue;
      site.outcome.rules.forEach((r, i) => {
        if (!isObj(r)) return;
        const numeric = numericCode(ctx.env.responseSchemas[coded.endpoint.id], coded.field);
        for (const f of comparisons(
          r.if,
          [...site.path, 'rules', i, 'if'],
          coded.field,
          coded.endpoint.codes,
          numeric,
        ))
          report(ctx, f, coded.endpoint, coded.field);
      });
    }
  },
};
