import { checkStepRef } from '../../engine/flow-checks.ts';
import { paramRef } from '../../engine/fragment-params.ts';
import { didYouMean } from '../../engine/suggest.ts';
import { bindingsOf, bindingSource } from '../fragment-bindings.ts';
import { forEachAction } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/**
 * `start` and every `goto` name a step of the flow (or of a fragment it includes), and so does
 * every fragment parameter an including flow binds (passed or default) that the fragment goes to.
 */
export const rule: Rule = {
  id: 'unknown-step',
  meta: {
    description: 'start and every goto name an existing step.',
    severity: 'error',
    messages: {
      unknownParam:
        'There is no step "{{name}}" in this flow or its included fragments ({{source}}).{{hint}}',
      unknown: '{{message}}',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const steps = ctx.project.stepIds(ctx.file);
    const check = (name: unknown, path: readonly (string | number)[]): void => {
      if (typeof name !== 'string' || paramRef(name) !== undefined) return;
      const problem = checkStepRef(name, steps, path);
      if (problem)
        ctx.report({ path: problem.path, messageId: 'unknown', data: { message: problem.message } });
    };
    check(ctx.flow.start, ['start']);
    forEachAction(ctx.flow, (action, path) => check(action.goto, [...path, 'goto']));
    for (const b of bindingsOf(ctx)) {
      if (!b.kinds.has('step') || b.value === undefined || steps.has(b.value)) continue;
      ctx.report({
        path: b.path,
        messageId: 'unknownParam',
        data: { name: b.value, source: bindingSource(b), hint: didYouMean(b.value, steps) },
      });
    }
  },
};
