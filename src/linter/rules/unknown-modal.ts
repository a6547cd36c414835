import { didYouMean } from '../../engine/suggest.ts';
import { forEachAction } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/** Every `modal` an action opens is declared under `modals` (of the flow or an included fragment). */
export const rule: Rule = {
  id: 'unknown-modal',
  meta: {
    description: 'Every modal an action opens is declared under "modals".',
    severity: 'error',
    messages: { unknown: 'There is no modal "{{name}}" under "modals".{{hint}} Declare it or fix the name.' },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const modals = ctx.project.modalIds(ctx.file);
    forEachAction(ctx.flow, (action, path) => {
      const name = action.modal;
      if (typeof name === 'string' && !modals.has(name)) {
        ctx.report({
          path: [...path, 'modal'],
          messageId: 'unknown',
          data: { name, hint: didYouMean(name, modals) },
        });
      }
    });
  },
};
