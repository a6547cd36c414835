import { checkViewProps } from '../../engine/view-props.ts';
import { VIEW_IDS, type ViewId } from '../../engine/views.ts';
import { entriesOf } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/**
 * A step's `props` are those its view reads, with the types it reads them as (the registry of
 * src/engine/view-props.ts): an unknown prop is ignored by the page, a wrongly typed one
 * falls back to the view's default without a word.
 */
export const rule: Rule = {
  id: 'view-props',
  meta: {
    description: "A step's props are props its view reads, of the type it reads.",
    severity: 'error',
    messages: {
      'prop-type': 'Step "{{step}}": {{detail}} The view would fall back to its default.',
      'unknown-prop': 'Step "{{step}}": {{detail}}',
    },
  },
  check(ctx) {
    const flow = ctx.flow;
    if (!flow) return;
    for (const [id, step] of entriesOf(flow.steps)) {
      const view = step.view;
      if (typeof view !== 'string' || !(VIEW_IDS as readonly string[]).includes(view)) continue;
      for (const p of checkViewProps(view as ViewId, step.props)) {
        ctx.report({
          path: ['steps', id, 'props', ...p.path],
          messageId: p.code,
          data: { step: id, detail: p.message },
        });
      }
    }
  },
};
