/**
 * Leaving and entering steps: the timers, socket waits and enter calls that belong to a
 * step start when it is entered and are cancelled when it is left.
 */
import type { CompiledFlow, CompiledStep } from './compiled-types.ts';
import type { Effect, FlowState } from './engine-types.ts';
import { issueCall } from './build-call.ts';
import { FlowError } from './flow-error.ts';
import { toText } from './named-operations.ts';
import { evaluate } from './logic.ts';
import type { Logic } from './flow-types.ts';
import { didYouMean } from './suggest.ts';

/** One transition in progress: the flow, the transition's own copy of the state, the effects so far. */
export interface Run {
  readonly flow: CompiledFlow;
  /** A shallow copy of the input state; nested objects are replaced, never changed in place. */
  readonly state: FlowState;
  readonly effects: Effect[];
  /** The time the runtime gave, in ms (stamps `waiting.startedAt`). */
  readonly now: number;
}

/** How many steps `history` keeps; older ones are dropped so a looping flow stays small. */
export const MAX_HISTORY = 50;

/** The compiled step, or a FlowError when a saved state names a step the flow no longer has. */
export function stepOf(flow: CompiledFlow, id: string): CompiledStep {
  const step = flow.steps.get(id);
  if (step === undefined) {
    throw new FlowError(
      'unknown-step',
      `The state is at the step "${id}", which the flow "${flow.id}" does not have (the flow changed since the state was saved): start the flow again.${didYouMean(id, flow.steps.keys())}`,
      '/steps',
      flow.id,
    );
  }
  return step;
}

/** Cancels what the current step started: its timers, and its socket wait when one is active. */
export function leaveStep(run: Run): void {
  const { state, effects } = run;
  const step = run.flow.steps.get(state.step);
  if (step !== undefined && step.timers.length > 0) effects.push({ type: 'cancel-timers' });
  if (state.waiting !== null) {
    effects.push({ type: 'cancel-socket', step: state.waiting.step });
    state.waiting = null;
  }
}

/**
 * How entering a step changes `history`:
 * - `forward` (goto): the current step is pushed; if the target is already in the history,
 *   the history is cut back to before it (so going round a loop and then `back` never cycles);
 *   re-entering the current step leaves the history as it is.
 * - `back`: the caller has already popped the target.
 * - `start`: the history is empty.
 */
export type EntryMode = 'forward' | 'back' | 'start';

/**
 * Enters a step: cancels the previous step's timers and socket wait, updates the history,
 * closes any modal, drops a pending call of the previous step (its answer becomes stale), then
 * emits the step's `enter` call (and marks it pending), its socket wait (and marks `waiting`),
 * one `timer` effect per timer, and `persist`.
 */
export function enterStep(run: Run, target: string, mode: EntryMode): void {
  const { state, effects } = run;
  const step = stepOf(run.flow, target);
  if (mode !== 'start') leaveStep(run);
  if (mode === 'forward' && target !== state.step) {
    const at = state.history.lastIndexOf(target);
    const history = at === -1 ? [...state.history, state.step] : state.history.slice(0, at);
    state.history = history.length > MAX_HISTORY ? history.slice(history.length - MAX_HISTORY) : history;
  }
  state.step = target;
  if (step.step.prefill !== undefined) prefill(state, target, step.step.prefill);
  state.modal = null;
  state.pending = null;
  state.waiting = null;
  const enter = step.calls.get('enter');
  if (enter !== undefined) issueCall(state, effects, enter);
  if (step.wait !== null) {
    const { spec } = step.wait;
    effects.push({
      type: 'socket',
      step: target,
      namespace: spec.socket,
      event: spec.event,
      room: toText(step.wait.room({ context: state.context })),
      maxMs: spec.maxMs,
    });
    state.waiting = { step: target, startedAt: run.now };
  }
  for (const timer of step.timers) effects.push({ type: 'timer', id: timer.id, ms: timer.ms });
  effects.push({ type: 'persist' });
}

/** Lays the step's `prefill` values (over `{ context, params }`) under what its view already holds. */
function prefill(state: FlowState, target: string, spec: Record<string, unknown>): void {
  const data = { context: state.context, params: state.params };
  const values: Record<string, unknown> = {};
  for (const [field, logic] of Object.entries(spec)) {
    const v = evaluate(logic as Logic, data);
    if (v !== undefined && v !== null && v !== '') values[field] = v;
  }
  if (Object.keys(values).length > 0)
    state.forms = { ...state.forms, [target]: { ...values, ...(state.forms[target] ?? {}) } };
}
