import { entriesOf, isObj, type Obj } from '../flow-walk.ts';
import { asFlow } from '../project.ts';
import type { Rule } from '../types.ts';

/**
 * A step's `progress` is at most the total the bar counts to: the step's `progressTotal`, else
 * the flow's `progress.total` (for a fragment's step, the including flow's total is what the
 * applicant sees, and it is checked against the fragment's own). A step with progress in a
 * flow without a total shows no bar. It is at least the flow's `progress.start` (1, or 0 where
 * the spec numbers from 0); a fragment's own count starts at 1.
 */
export const rule: Rule = {
  id: 'progress-range',
  meta: {
    description: "A step's progress is within the flow's progress total.",
    severity: 'error',
    messages: {
      above:
        'Step "{{step}}" shows progress {{progress}} of {{total}}: the bar would overflow. Use a number from {{start}} to {{total}}, or raise {{where}}.',
      below:
        'Step "{{step}}" shows progress {{progress}}, but this bar counts from {{start}}. Use a number from {{start}} to {{total}}, or set "progress": { "start": 0 } on the flow when the spec numbers its steps from 0.',
      noTotal:
        'Step "{{step}}" has progress {{progress}} but neither it ("progressTotal") nor the flow ("progress": { "total": … }) says the total: no bar is shown.',
    },
  },
  check(ctx) {
    const flow = ctx.flow;
    if (!flow) return;
    const totalOf = (f: Obj | null): number | undefined =>
      f && isObj(f.progress) && typeof f.progress.total === 'number' ? f.progress.total : undefined;
    // A fragment's steps are shown with the total of the flow that includes them.
    const hosts = ctx.project.includedBy(ctx.file).map((h) => totalOf(asFlow(h)));
    const totals = [totalOf(flow), ...hosts].filter((t): t is number => t !== undefined);
    const flowTotal = totals.length > 0 ? Math.min(...totals) : undefined;
    const flowStart = isObj(flow.progress) && flow.progress.start === 0 ? 0 : 1;
    const lonelyFragment = hosts.length === 0 && Array.isArray(flow.routes) && flow.routes.length === 0;
    for (const [id, step] of entriesOf(flow.steps)) {
      if (typeof step.progress !== 'number') continue;
      const own = typeof step.progressTotal === 'number' ? step.progressTotal : undefined;
      const total = own ?? flowTotal;
      // A step with its own bar (a fragment's) counts from 1; the flow's bar from its start.
      const start = own !== undefined ? 1 : flowStart;
      if (total === undefined) {
        if (lonelyFragment) continue;
        ctx.report({
          path: ['steps', id, 'progress'],
          messageId: 'noTotal',
          data: { step: id, progress: step.progress },
        });
      } else if (step.progress < start) {
        ctx.report({
          path: ['steps', id, 'progress'],
          messageId: 'below',
          data: { step: id, progress: step.progress, start, total },
        });
      } else if (step.progress > total) {
        ctx.report({
          path: ['steps', id, 'progress'],
          messageId: 'above',
          data: {
            step: id,
            progress: step.progress,
            start,
            total,
            where: own !== undefined ? '"progressTotal" of the step' : '"progress.total" of the flow',
          },
        });
      }
    }
  },
};
