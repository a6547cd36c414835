import { ALLOWED_OPERATORS } from '../../engine/logic.ts';
import { didYouMean } from '../../engine/suggest.ts';
import { logicSitesOf, operationsOf } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/** Every json-logic operator is in the engine's allowed set or is one of its named operations. */
export const rule: Rule = {
  id: 'disallowed-operator',
  meta: {
    description: "json-logic operators are limited to the engine's allowed set and named operations.",
    severity: 'error',
    messages: {
      disallowed:
        'The json-logic operator "{{operator}}" is not allowed.{{hint}} Allowed: {{allowed}}. (An object with one key is read as an operator; to pass data, give it two keys or build it with "merge".)',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const allowed = ctx.env.operators ?? ALLOWED_OPERATORS;
    for (const site of logicSitesOf(ctx.flow)) {
      for (const op of operationsOf(site.logic, site.path)) {
        if (allowed.includes(op.operator)) continue;
        ctx.report({
          path: op.path,
          atKey: true,
          messageId: 'disallowed',
          data: { operator: op.operator, hint: didYouMean(op.operator, allowed), allowed: allowed.join(' ') },
        });
      }
    }
  },
};
