import { entriesOf, isObj } from '../flow-walk.ts';
import type { Rule } from '../types.ts';

const nonEmpty = (x: unknown): boolean =>
  Array.isArray(x) ? x.length > 0 : isObj(x) && Object.keys(x).length > 0;

/** A step that is not `final` has a way out: a call, `next`, a socket `wait` or a timer. */
export const rule: Rule = {
  id: 'dead-end',
  meta: {
    description: 'A step that is not final has a way out (a call, next, wait or timer).',
    severity: 'error',
    messages: {
      deadEnd:
        'Step "{{name}}" is a dead end: it has no call, "next", "wait" or timer, so the applicant cannot leave it. Add one, or mark it "final": true.',
    },
  },
  check(ctx) {
    if (!ctx.flow) return;
    for (const [id, step] of entriesOf(ctx.flow.steps)) {
      if (step.final === true) continue;
      if (nonEmpty(step.calls) || step.next !== undefined || step.wait !== undefined || nonEmpty(step.timers))
        continue;
      ctx.report({ path: ['steps', id], atKey: true, messageId: 'deadEnd', data: { name: id } });
    }
  },
};
