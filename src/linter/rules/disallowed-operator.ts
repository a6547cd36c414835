import { ALLOWED_OPERATORS } from '../../engine/logic.ts';
import { checkOperator } from '../../engine/flow-checks.ts';
import { logicSitesOf, operationsOf } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/** Every json-logic operator is in the engine's allowed set or is one of its named operations. */
export const rule: Rule = {
  id: 'disallowed-operator',
  meta: {
    description: "json-logic operators are limited to the engine's allowed set and named operations.",
    severity: 'error',
    messages: {
      // Shared with the compiler (src/engine/flow-checks.ts).
      disallowed: '{{message}}',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const allowed = ctx.env.operators ?? ALLOWED_OPERATORS;
    for (const site of logicSitesOf(ctx.flow)) {
      for (const op of operationsOf(site.logic, site.path)) {
        const problem = checkOperator(op.operator, allowed, op.path);
        if (problem)
          ctx.report({
            path: problem.path,
            atKey: true,
            messageId: 'disallowed',
            data: { message: problem.message },
          });
      }
    }
  },
};
