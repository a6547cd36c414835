import { didYouMean } from '../../engine/suggest.ts';
import { entriesOf } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/** Every step's `view` is in the view registry (`src/engine/views.ts`). */
export const rule: Rule = {
  id: 'unknown-view',
  meta: {
    description: "Every step's view is in the view registry (src/engine/views.ts).",
    severity: 'error',
    messages: { unknown: 'There is no view "{{name}}" in the view registry.{{hint}} Views: {{views}}.' },
  },
  check(ctx) {
    if (!ctx.flow) return;
    for (const [id, step] of entriesOf(ctx.flow.steps)) {
      const name = step.view;
      if (typeof name === 'string' && !ctx.env.views.includes(name)) {
        ctx.report({
          path: ['steps', id, 'view'],
          messageId: 'unknown',
          data: { name, hint: didYouMean(name, ctx.env.views), views: ctx.env.views.join(', ') },
        });
      }
    }
  },
};
