import { didYouMean } from '../../engine/suggest.ts';
import { entriesOf } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/** Every step's `form` exists as `schemas/forms/<id>.json`. */
export const rule: Rule = {
  id: 'unknown-form',
  meta: {
    description: "Every step's form exists in schemas/forms/.",
    severity: 'error',
    messages: { unknown: 'There is no form "{{name}}" (schemas/forms/{{name}}.json).{{hint}}' },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const forms = Object.keys(ctx.env.forms);
    for (const [id, step] of entriesOf(ctx.flow.steps)) {
      const name = step.form;
      if (typeof name === 'string' && !(name in ctx.env.forms)) {
        ctx.report({
          path: ['steps', id, 'form'],
          messageId: 'unknown',
          data: { name, hint: didYouMean(name, forms) },
        });
      }
    }
  },
};
