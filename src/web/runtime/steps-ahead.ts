/**
 * Which steps a page may show next, nearest first, read from the flow's own ways between
 * steps: the order in which the page fetches and draws ahead the views it does not have yet
 * (`usePreloadedViews`), so the view of the step an answer is about to open comes first.
 */
import type { CompiledFlow } from '../../engine/compiled-types.ts';
import { isViewId, type ViewId } from '../../engine/views.ts';

type StepsOf = Pick<CompiledFlow['flow'], 'steps' | 'modals'>;

/**
 * The steps `value` leads to: every `goto` in it, and in the modals it opens (their buttons,
 * `onClose` and `then`), at any depth (outcomes, rules, `next`, waits, timers).
 */
function targets(flow: StepsOf, value: unknown, modalsSeen: Set<string>, out: string[]): void {
  if (Array.isArray(value)) {
    for (const item of value) targets(flow, item, modalsSeen, out);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'goto' && typeof inner === 'string') out.push(inner);
    else if (key === 'modal' && typeof inner === 'string' && !modalsSeen.has(inner)) {
      modalsSeen.add(inner);
      targets(flow, flow.modals?.[inner], modalsSeen, out);
    } else targets(flow, inner, modalsSeen, out);
  }
}

/**
 * Every step of `flow` but `from`, nearest first: those `from` leads to, then those they lead
 * to, and so on (breadth first; at one distance in the order the step names them), then the
 * steps no way reaches from it (the file's order after `from`, then from the top), and `from`
 * itself last. An unknown `from` starts at the top of the file.
 */
export function stepsAhead(flow: StepsOf, from: string): string[] {
  const ids = Object.keys(flow.steps);
  const seen = new Set([from]);
  const order: string[] = [];
  for (let at = -1; at < order.length; at++) {
    const id = at < 0 ? from : order[at]!;
    const next: string[] = [];
    targets(flow, flow.steps[id], new Set(), next);
    for (const step of next)
      if (!seen.has(step) && Object.hasOwn(flow.steps, step)) {
        seen.add(step);
        order.push(step);
      }
  }
  const here = ids.indexOf(from);
  const rest = (here < 0 ? ids : [...ids.slice(here + 1), ...ids.slice(0, here)]).filter(
    (id) => !seen.has(id),
  );
  return [...order, ...rest, ...(Object.hasOwn(flow.steps, from) ? [from] : [])];
}

/** The views the steps of `flow` show (those the registry knows), nearest to `from` first. */
export function viewsOf(flow: StepsOf, from: string): ViewId[] {
  const names = new Set(stepsAhead(flow, from).map((id) => flow.steps[id]!.view));
  return [...names].filter(isViewId);
}

/** The nearest step to `from` that shows `view`: the one it is drawn ahead as. */
export function firstStepShowing(flow: StepsOf, view: string, from: string): string | undefined {
  return stepsAhead(flow, from).find((id) => flow.steps[id]!.view === view);
}
