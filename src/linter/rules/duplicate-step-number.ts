import { entriesOf, isObj } from '../flow-walk.ts';
import { asFlow } from '../project.ts';
import type { Rule } from '../types.ts';

const shares = (step: Record<string, unknown>): boolean =>
  isObj(step.props) && step.props.sharedNumber === true;

/**
 * Each step of a flow (with its included fragments) has its own number. The spec sometimes
 * gives one number to several screens (e.g. offers and questions are both step 3): steps
 * may share a number when every one of them says so with `"props": { "sharedNumber": true }`.
 */
export const rule: Rule = {
  id: 'duplicate-step-number',
  meta: {
    description:
      'Step numbers are unique within a flow, unless every step sharing one sets props.sharedNumber.',
    severity: 'error',
    messages: {
      duplicate:
        'Step "{{name}}" has number {{number}}, like step "{{other}}". Give it its own number, or, when the spec shares the number on purpose, set "props": { "sharedNumber": true } on every step with it.',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    const own = entriesOf(ctx.flow.steps);
    const fragments = ctx.project.included(ctx.file).flatMap((f) => entriesOf(asFlow(f)?.steps));
    const byNumber = new Map<number, [string, Record<string, unknown>][]>();
    for (const entry of [...fragments, ...own]) {
      const n = entry[1].number;
      if (typeof n !== 'number') continue;
      byNumber.set(n, [...(byNumber.get(n) ?? []), entry]);
    }
    for (const [number, steps] of byNumber) {
      if (steps.length < 2 || steps.every(([, s]) => shares(s))) continue;
      // Reported on every step of the flow with the number: the analyst may fix either one.
      steps.forEach(([name, step]) => {
        if (!own.some(([id, s]) => id === name && s === step)) return;
        ctx.report({
          path: ['steps', name, 'number'],
          messageId: 'duplicate',
          data: { name, number, other: steps.find(([, s]) => s !== step)?.[0] ?? '' },
        });
      });
    }
  },
};
