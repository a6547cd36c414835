import { PASSING_VIEWS } from '../../engine/back-option.ts';
import { entriesOf } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/**
 * `revisit` marks a step the browser's back button may return to. On a loading or evaluation
 * screen it does nothing (back passes over those screens), and on a final step nothing comes
 * after it to come back from: either says the analyst meant another step.
 */
export const rule: Rule = {
  id: 'revisit-step',
  meta: {
    description: 'A step marked "revisit" is one an applicant can come back to.',
    severity: 'error',
    messages: {
      passing:
        'Step "{{step}}" is a {{view}} screen: back passes over it, so "revisit" does nothing. Mark the step before it instead.',
      final: 'Step "{{step}}" is final: no step follows it, so back never returns to it. Remove "revisit".',
    },
  },
  check(ctx) {
    const flow = ctx.flow;
    if (!flow) return;
    for (const [id, step] of entriesOf(flow.steps)) {
      if (step.revisit !== true) continue;
      const path = ['steps', id, 'revisit'];
      if (typeof step.view === 'string' && PASSING_VIEWS.has(step.view))
        ctx.report({ path, messageId: 'passing', data: { step: id, view: step.view } });
      else if (step.final === true) ctx.report({ path, messageId: 'final', data: { step: id } });
    }
  },
};
