import { outcomesOf } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/** Every outcome has an `else`: an answer nobody foresaw still leads somewhere. */
export const rule: Rule = {
  id: 'missing-fallback',
  meta: {
    description: 'Every outcome has an "else" for answers no rule or case covers.',
    severity: 'error',
    messages: {
      missing:
        'The outcome of {{what}} in step "{{step}}" has no "else": add the fallback for any other answer, e.g. "else": { "modal": "errorGenerico" }.',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    for (const site of outcomesOf(ctx.flow)) {
      if ('else' in site.outcome) continue;
      const what = site.where.wait ? 'the socket wait' : `call "${String(site.path[3])}"`;
      ctx.report({ path: site.path, messageId: 'missing', data: { what, step: site.where.stepId ?? '' } });
    }
  },
};
