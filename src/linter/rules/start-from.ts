import { didYouMean } from '../../engine/suggest.ts';
import type { Rule } from '../types.ts';

/**
 * Each entry of `startFrom` (a URL parameter → the step a visit carrying it starts at) names a
 * parameter the flow lists in `params` and a step of the flow (or of a fragment it includes).
 * The engine refuses either mistake when it compiles the flow, so the site would not start.
 */
export const rule: Rule = {
  id: 'start-from',
  meta: {
    description: 'startFrom names listed URL parameters and existing steps.',
    severity: 'error',
    messages: {
      unknownStep:
        '"startFrom" starts a visit with "?{{param}}=" at the step "{{name}}", which this flow and its included fragments do not have: the site would not start.{{hint}}',
      unknownParam:
        '"startFrom" names the URL parameter "{{param}}", which "params" does not list, so no visit ever carries it.{{hint}} Add it to "params", or fix the name.',
    },
  },
  check(ctx) {
    const startFrom = ctx.flow?.startFrom;
    if (typeof startFrom !== 'object' || startFrom === null) return;
    const steps = ctx.project.stepIds(ctx.file);
    const listed = ctx.flow?.params;
    const params = Array.isArray(listed) ? listed.filter((p): p is string => typeof p === 'string') : [];
    for (const [param, target] of Object.entries(startFrom as Record<string, unknown>)) {
      if (!params.includes(param))
        ctx.report({
          path: ['startFrom', param],
          messageId: 'unknownParam',
          data: { param, hint: didYouMean(param, params) },
        });
      if (typeof target === 'string' && !steps.has(target))
        ctx.report({
          path: ['startFrom', param],
          messageId: 'unknownStep',
          data: { param, name: target, hint: didYouMean(target, steps) },
        });
    }
  },
};
