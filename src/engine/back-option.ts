import type { CompiledFlow } from './compiled-types.ts';
import type { FlowState } from './engine-types.ts';

/**
 * Views an applicant only passes through (a loading screen, the evaluation phases): going
 * back skips them, since entering one again would only run its call or its wait once more.
 */
export const PASSING_VIEWS: ReadonlySet<string> = new Set(['loading', 'phases']);

/**
 * Where the browser's back button may take the applicant:
 * - `step`: to `step`, the nearest earlier step the flow declares `revisit` (passing steps
 *   between are skipped); `index` is its place in the history, which is cut there;
 * - `blocked`, `reason: 'busy'`: not now: a call is in flight, a dialog is open or the flow
 *   has ended; `reason: 'behind'`: the nearest earlier step the applicant acted on may not be
 *   returned to (what was done there counted: an evaluation, an identity check, a submission);
 * - `none`: nothing the applicant did lies behind (the first step): leaving is the browser's.
 */
export type BackOption =
  | { kind: 'step'; step: string; index: number }
  | { kind: 'blocked'; reason: 'busy' | 'behind' }
  | { kind: 'none' };

/** Where back leads from `state` (see {@link BackOption}). */
export function backOption(flow: CompiledFlow, state: FlowState): BackOption {
  if (state.done || state.pending !== null || state.modal !== null)
    return { kind: 'blocked', reason: 'busy' };
  for (let index = state.history.length - 1; index >= 0; index--) {
    const id = state.history[index] as string;
    const step = flow.steps.get(id)?.step;
    if (step === undefined) return { kind: 'blocked', reason: 'behind' };
    if (step.revisit === true) return { kind: 'step', step: id, index };
    if (!PASSING_VIEWS.has(step.view)) return { kind: 'blocked', reason: 'behind' };
  }
  return { kind: 'none' };
}
