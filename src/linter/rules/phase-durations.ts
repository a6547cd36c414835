import { entriesOf, isObj } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

/**
 * The `phases` view shows each phase for `props.durations[i]` milliseconds: a list of numbers,
 * none negative. The view replaces anything else by one second without a word.
 */
export const rule: Rule = {
  id: 'phase-durations',
  meta: {
    description: 'Phase durations are a list of milliseconds, none negative.',
    severity: 'error',
    messages: {
      notList:
        '"durations" must be a list of milliseconds, e.g. [2000, 1000, 3000]; the view ignores {{value}}.',
      notNumber:
        'Phase duration {{value}} is not a number of milliseconds: write it without quotes, e.g. 2000.',
      negative:
        'Phase duration {{value}} is negative: a phase lasts 0 ms or more (e.g. 2000 for two seconds).',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    for (const [id, step] of entriesOf(ctx.flow.steps)) {
      if (!isObj(step.props) || !('durations' in step.props)) continue;
      const d = step.props.durations;
      const path = ['steps', id, 'props', 'durations'];
      if (!Array.isArray(d)) {
        ctx.report({ path, messageId: 'notList', data: { value: JSON.stringify(d) } });
        continue;
      }
      d.forEach((v, i) => {
        const value = JSON.stringify(v);
        if (typeof v !== 'number' || !Number.isFinite(v))
          ctx.report({ path: [...path, i], messageId: 'notNumber', data: { value } });
        else if (v < 0) ctx.report({ path: [...path, i], messageId: 'negative', data: { value } });
      });
    }
  },
};
