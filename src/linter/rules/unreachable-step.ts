import { entriesOf } from '../flow-walk.ts';
import { asFlow, type GraphNodeId } from '../project.ts';
import type { Rule } from '../types.ts';

/**
 * Every step can be reached from the start: through `goto` in any action (outcomes, `next`,
 * wait and timers), modals opened on the way (their buttons, `onClose` and `then`), and
 * `reset`. A fragment's steps count as reached when a flow that includes it reaches them.
 */
export const rule: Rule = {
  id: 'unreachable-step',
  meta: {
    description: 'Every step can be reached from the start step.',
    severity: 'error',
    messages: {
      unreachable:
        'Step "{{name}}" cannot be reached from the start step "{{start}}": no action leads to it. Add a goto to it, or remove it.',
    },
  },
  check(ctx) {
    if (!ctx.flow || typeof ctx.flow.start !== 'string') return;
    const steps = ctx.project.stepIds(ctx.file);
    // The start step, and the steps a URL parameter starts at (`startFrom`), are roots.
    const roots = [ctx.file, ...ctx.project.includedBy(ctx.file)]
      .flatMap((f): unknown[] => {
        const flow = asFlow(f);
        const startFrom: unknown = flow?.startFrom;
        const fromParams =
          typeof startFrom === 'object' && startFrom !== null
            ? Object.values(startFrom as Record<string, unknown>)
            : [];
        return [flow?.start, ...fromParams];
      })
      .filter((s): s is string => typeof s === 'string' && steps.has(s));
    // An unknown start step is unknown-step's to report.
    if (roots.length === 0) return;
    const edges = ctx.project.edges(ctx.file);
    const seen = new Set<GraphNodeId>(roots.map((s) => `step:${s}` as const));
    const queue = [...seen];
    while (queue.length > 0) {
      for (const next of edges.get(queue.shift()!) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    for (const [id] of entriesOf(ctx.flow.steps)) {
      if (!seen.has(`step:${id}`))
        ctx.report({
          path: ['steps', id],
          atKey: true,
          messageId: 'unreachable',
          data: { name: id, start: ctx.flow.start },
        });
    }
  },
};
