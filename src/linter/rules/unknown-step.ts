import { didYouMean } from '../../engine/suggest.ts';
import { forEachAction } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/** `start` and every `goto` name a step of the flow (or of a fragment it includes). */
export const rule: Rule = {
  id: 'unknown-step',
  meta: {
    description: 'start and every goto name an existing step.',
    severity: 'error',
    messages: { unknown: 'There is no step "{{name}}" in this flow or its included fragments.{{hint}}' },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const steps = ctx.project.stepIds(ctx.file);
    const check = (name: unknown, path: readonly (string | number)[]): void => {
      if (typeof name === 'string' && !steps.has(name))
        ctx.report({ path, messageId: 'unknown', data: { name, hint: didYouMean(name, steps) } });
    };
    check(ctx.flow.start, ['start']);
    forEachAction(ctx.flow, (action, path) => check(action.goto, [...path, 'goto']));
  },
};
