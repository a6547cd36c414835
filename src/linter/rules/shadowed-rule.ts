import { isDeepStrictEqual } from 'node:util';
import { hasDuplicateKeys, nodeAt } from '../json-position.ts';
import { isObj, outcomesOf } from '../flow-walk.ts';
import type { Node as JsonNode } from 'jsonc-parser';
import type { Rule } from '../types.ts';
import { alwaysTrue, codedOutcome, codesTestedBy, normaliseCode } from './codes.ts';

/**
 * Something in an outcome that can never run:
 * - a rule after a rule whose condition is always true, or after a rule with the same condition;
 * - the cases after a rule whose condition is always true;
 * - a case key repeated (after trimming spaces: `"0"` and `" 0"` are the same code);
 * - a case for a code an earlier rule already tests with `==` on the same field.
 */
export const rule: Rule = {
  id: 'shadowed-rule',
  meta: {
    description: 'No rule or case is made unreachable by an earlier one.',
    severity: 'error',
    messages: {
      afterAlways: 'Rule {{index}} never runs: rule {{earlier}} always matches. Remove it or put it first.',
      sameCondition: 'Rule {{index}} never runs: rule {{earlier}} has the same condition. Merge the two.',
      casesAfterAlways:
        'These cases never run: rule {{earlier}} always matches, and rules are checked before cases.',
      duplicateCase:
        'Case "{{key}}" is the same code as the earlier case "{{first}}": only the first can run. Merge them.',
      caseByRule:
        'Case "{{key}}" never runs: rule {{earlier}} already handles code "{{code}}", and rules are checked before cases.',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const repeated = hasDuplicateKeys(ctx.file.text);
    for (const site of outcomesOf(ctx.flow)) {
      const rules = Array.isArray(site.outcome.rules) ? site.outcome.rules : [];
      let always: number | undefined;
      const ruleCodes = new Map<string, number>();
      const field =
        codedOutcome(site, ctx.env)?.field ??
        (typeof site.outcome.on === 'string' ? site.outcome.on : undefined);
      rules.forEach((r, i) => {
        if (!isObj(r) || !('if' in r)) return;
        const path = [...site.path, 'rules', i];
        if (always !== undefined) {
          ctx.report({ path, messageId: 'afterAlways', data: { index: i, earlier: always } });
          return;
        }
        const same = rules.findIndex((o, j) => j < i && isObj(o) && isDeepStrictEqual(o.if, r.if));
        if (same >= 0) ctx.report({ path, messageId: 'sameCondition', data: { index: i, earlier: same } });
        if (alwaysTrue(r.if)) always = i;
        // A strict test against a number (`{"===": [code, 99]}`) takes only the numeric answer:
        // the text code ("99") still reaches its case, which cases read both as.
        if (field !== undefined && !strictNumberTest(r.if))
          for (const c of codesTestedBy(r.if, field) ?? []) if (!ruleCodes.has(c)) ruleCodes.set(c, i);
      });
      if (!isObj(site.outcome.cases)) continue;
      const casesPath = [...site.path, 'cases'];
      if (always !== undefined) {
        ctx.report({
          path: casesPath,
          atKey: true,
          messageId: 'casesAfterAlways',
          data: { earlier: always },
        });
        continue;
      }
      // Keys repeated exactly vanish from the parsed data: then read them from the syntax tree.
      const node = repeated ? nodeAt(ctx.file.tree, casesPath) : undefined;
      const keys: { key: string; keyNode?: JsonNode }[] = node
        ? (node.children ?? []).flatMap((prop) => {
            const keyNode = prop.children?.[0];
            return typeof keyNode?.value === 'string' ? [{ key: keyNode.value, keyNode }] : [];
          })
        : Object.keys(site.outcome.cases).map((key) => ({ key }));
      const firstOf = new Map<string, string>();
      for (const { key, keyNode } of keys) {
        const code = normaliseCode(key);
        const first = firstOf.get(code);
        if (first !== undefined) {
          ctx.report({
            path: [...casesPath, key],
            node: keyNode,
            messageId: 'duplicateCase',
            data: { key, first },
          });
          continue;
        }
        firstOf.set(code, key);
        const earlier = ruleCodes.get(code);
        if (earlier !== undefined)
          ctx.report({
            path: [...casesPath, key],
            node: keyNode,
            messageId: 'caseByRule',
            data: { key, code, earlier },
          });
      }
    }
  },
};

/** `{"===": [x, 99]}` (either side): strict equality with a number, which a text code never meets. */
function strictNumberTest(condition: unknown): boolean {
  if (!isObj(condition) || !Array.isArray(condition['==='])) return false;
  return (condition['==='] as unknown[]).some((x) => typeof x === 'number');
}
