import { checkModalRef } from '../../engine/flow-checks.ts';
import { paramRef } from '../../engine/fragment-params.ts';
import { didYouMean } from '../../engine/suggest.ts';
import { bindingsOf, bindingSource } from '../fragment-bindings.ts';
import { forEachAction } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/**
 * Every `modal` an action opens is declared under `modals` (of the flow or an included fragment),
 * and so is every fragment parameter an including flow binds that the fragment opens as a modal.
 */
export const rule: Rule = {
  id: 'unknown-modal',
  meta: {
    description: 'Every modal an action opens is declared under "modals".',
    severity: 'error',
    messages: {
      unknownParam: 'There is no modal "{{name}}" under "modals" ({{source}}).{{hint}}',
      unknown: '{{message}}',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const modals = ctx.project.modalIds(ctx.file);
    forEachAction(ctx.flow, (action, path) => {
      const name = action.modal;
      if (typeof name !== 'string' || paramRef(name) !== undefined) return;
      const problem = checkModalRef(name, modals, [...path, 'modal']);
      if (problem)
        ctx.report({ path: problem.path, messageId: 'unknown', data: { message: problem.message } });
    });
    for (const b of bindingsOf(ctx)) {
      if (!b.kinds.has('modal') || b.value === undefined || modals.has(b.value)) continue;
      ctx.report({
        path: b.path,
        messageId: 'unknownParam',
        data: { name: b.value, source: bindingSource(b), hint: didYouMean(b.value, modals) },
      });
    }
  },
};
