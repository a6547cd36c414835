import { entriesOf, forEachAction } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/**
 * A modal declared under `modals` is opened by some action of the flow, of a fragment it
 * includes, or of a flow that includes it. One that nothing opens is dead text, often the
 * sign of a misspelt `"modal"` elsewhere.
 */
export const rule: Rule = {
  id: 'unused-modal',
  meta: {
    description: 'Every declared modal is opened by some action.',
    severity: 'error',
    messages: {
      unused:
        'Modal "{{modal}}" is declared but no action opens it: remove it, or open it with { "modal": "{{modal}}" }.',
    },
  },
  check(ctx) {
    const flow = ctx.flow;
    if (!flow) return;
    const own = entriesOf(flow.modals);
    if (own.length === 0) return;
    const opened = new Set<string>();
    for (const f of ctx.project.scope(ctx.file)) {
      const data = ctx.project.dataFor(f, ctx.file);
      if (data) forEachAction(data, (action) => typeof action.modal === 'string' && opened.add(action.modal));
    }
    for (const [id] of own)
      if (!opened.has(id))
        ctx.report({ path: ['modals', id], atKey: true, messageId: 'unused', data: { modal: id } });
  },
};
