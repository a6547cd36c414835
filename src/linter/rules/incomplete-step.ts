import { entriesOf } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/**
 * Every step, as the engine plays it, has its number and its view. The file's schema cannot
 * tell: a step that `use`s a template, or that a variant adds, is written as a patch, and the
 * template or the base may leave either out for each product to give. The number is the
 * product's step number (shown and sent where the spec says), the view what the step draws.
 */
export const rule: Rule = {
  id: 'incomplete-step',
  meta: {
    description: 'Every step, once templates and bases are laid under it, has a number and a view.',
    severity: 'error',
    messages: {
      missing:
        'Step "{{step}}" has no "{{key}}", neither its own nor from the template or flow it builds on: add "{{key}}": {{example}} to the step.',
    },
  },
  check(ctx) {
    const flow = ctx.flow;
    if (!flow) return;
    for (const [id, step] of entriesOf(flow.steps)) {
      if (step.number === undefined)
        ctx.report({
          path: ['steps', id],
          messageId: 'missing',
          data: { step: id, key: 'number', example: '1' },
        });
      if (step.view === undefined)
        ctx.report({
          path: ['steps', id],
          messageId: 'missing',
          data: { step: id, key: 'view', example: '"message"' },
        });
    }
  },
};
