/**
 * `transition`: flow + state + event → next state + effects. Pure: the input state is never
 * changed, the engine does no I/O, and every effect is plain data for the runtime to run.
 */
import type { CompiledFlow, CompiledOutcome, CompiledStep } from './compiled-types.ts';
import { ERROR_MODAL } from './compiled-types.ts';
import type { FlowEvent, FlowState, Transition } from './engine-types.ts';
import type { Evaluator } from './logic.ts';
import { compileAction } from './compile-action.ts';
import { issueCall } from './build-call.ts';
import { stepOf, type Run } from './enter-step.ts';
import { assignContext, browserBack, decide, logicData, resetFlow, runAction } from './run-action.ts';
import type { EngineOptions } from './start.ts';

const unchanged = (state: FlowState): Transition => ({ state, effects: [] });

/** Applies an answer (call response or socket message): `assign`, then the outcome's action. */
function answer(
  run: Run,
  assign: readonly (readonly [string, Evaluator])[],
  outcome: CompiledOutcome,
  response: unknown,
): void {
  const data = logicData(run.state, { response });
  if (assign.length > 0) {
    assignContext(run.state, assign, data);
    data.context = run.state.context;
  }
  runAction(run, decide(outcome, data), { response });
}

/** Stores form data and, when the step has a call for `trigger`, asks for it; else runs `next`. */
function submit(run: Run, step: CompiledStep, trigger: string, data: Record<string, unknown>): void {
  const { state } = run;
  state.forms = { ...state.forms, [state.step]: data };
  const call = step.calls.get(trigger);
  if (call !== undefined) {
    issueCall(state, run.effects, call);
    run.effects.push({ type: 'persist' });
  } else if (step.next !== null) {
    runAction(run, step.next, {});
  } else {
    run.effects.push({ type: 'persist' });
  }
}

/** The action a closed modal runs: the stored `then`, found again by its pointer. */
function closeAction(flow: CompiledFlow, modal: NonNullable<FlowState['modal']>) {
  if (modal.then === null) return null;
  const known = modal.thenPath === undefined ? undefined : flow.actions.get(modal.thenPath);
  if (known !== undefined) return known;
  // A state saved by another version of the flow: compile the stored action as it is.
  return compileAction(modal.then, modal.thenPath ?? '/modal/then', {
    stepIds: new Set(flow.steps.keys()),
    modalIds: new Set(flow.modals.keys()),
    origin: flow.id,
    actions: new Map(),
  });
}

/**
 * The next state and effects for an event. Every event that changes the state bumps `seq`
 * and ends with the state saved (`persist`) or cleared (`clear-persisted`). Events that do not
 * apply return the same state object and no effects:
 * - `submit`/`action` while a call is pending, when the step has a call for that trigger (no double submission);
 * - `response`/`failure` for a request that is not the pending one (a stale answer);
 * - `timer` of an id the current step has not; `socket`/`socket-timeout` for a step that is not waiting;
 * - `modal-closed` with no modal open; `action` with neither a call nor data;
 * - anything but `reset` once the flow is `done`.
 *
 * In short: `submit` stores the
 * form and runs the trigger's call or `next`; `change` stores the form; `response` runs
 * `assign` and the first matching rule, else `else`; `failure` runs `onError`, else opens the
 * `$error` modal with `{ message, kind }` and stays; `modal-closed` runs the button's action
 * or the modal's `then`; `timer` and `socket-timeout` run their action; `socket` reads the
 * message like a response; `back` and `reset` do what the actions do.
 */
export function transition(
  flow: CompiledFlow,
  state: FlowState,
  event: FlowEvent,
  options: EngineOptions = {},
): Transition {
  if (state.done && event.type !== 'reset') return unchanged(state);
  // Reset is the way out of a state whose step the flow no longer has, so only it skips the lookup.
  if (event.type === 'reset') {
    const run: Run = {
      flow,
      state: { ...state, seq: state.seq + 1 },
      effects: [],
      now: options.now ?? Date.now(),
    };
    resetFlow(run);
    return { state: run.state, effects: run.effects };
  }
  const step = stepOf(flow, state.step);
  const draft: FlowState = { ...state, seq: state.seq + 1 };
  const run: Run = { flow, state: draft, effects: [], now: options.now ?? Date.now() };
  switch (event.type) {
    case 'submit': {
      const trigger = event.trigger ?? 'submit';
      if (state.pending !== null && step.calls.has(trigger)) return unchanged(state);
      submit(run, step, trigger, event.data);
      break;
    }
    case 'action': {
      const call = step.calls.get(event.name);
      if (call === undefined) {
        if (event.data === undefined) return unchanged(state);
        draft.forms = { ...draft.forms, [draft.step]: event.data };
        run.effects.push({ type: 'persist' });
      } else {
        if (state.pending !== null) return unchanged(state);
        submit(run, step, event.name, event.data ?? draft.forms[draft.step] ?? {});
      }
      break;
    }
    case 'change':
      draft.forms = { ...draft.forms, [draft.step]: event.data };
      run.effects.push({ type: 'persist' });
      break;
    case 'response': {
      const pending = state.pending;
      if (pending === null || pending.requestId !== event.requestId) return unchanged(state);
      draft.pending = null;
      draft.error = null;
      const call = stepOf(flow, pending.step).calls.get(pending.trigger);
      if (call === undefined) run.effects.push({ type: 'persist' });
      else answer(run, call.assign, call.outcome, event.body);
      break;
    }
    case 'failure': {
      const pending = state.pending;
      if (pending === null || pending.requestId !== event.requestId) return unchanged(state);
      draft.pending = null;
      draft.error = { kind: event.kind, message: event.message };
      const onError = stepOf(flow, pending.step).calls.get(pending.trigger)?.outcome.onError ?? null;
      if (onError !== null) {
        const error = {
          kind: event.kind,
          message: event.message,
          ...(event.status === undefined ? {} : { status: event.status }),
        };
        runAction(run, onError, { error });
      } else {
        draft.modal = {
          id: ERROR_MODAL,
          then: null,
          vars: {
            message: event.message,
            kind: event.kind,
            ...(event.reference !== undefined ? { reference: event.reference } : {}),
          },
        };
        run.effects.push({ type: 'persist' });
      }
      break;
    }
    case 'modal-closed': {
      const modal = state.modal;
      if (modal === null) return unchanged(state);
      draft.modal = null;
      const action =
        event.button === undefined
          ? closeAction(flow, modal)
          : (flow.modals.get(modal.id)?.buttons[event.button] ?? null);
      if (action === null) run.effects.push({ type: 'persist' });
      else runAction(run, action, {});
      break;
    }
    case 'timer': {
      const timer = step.timers.find((t) => t.id === event.id);
      if (timer === undefined) return unchanged(state);
      runAction(run, timer.do, {});
      break;
    }
    case 'socket':
    case 'socket-timeout': {
      const wait = step.wait;
      if (
        wait === null ||
        state.waiting === null ||
        state.waiting.step !== event.step ||
        state.step !== event.step
      ) {
        return unchanged(state);
      }
      draft.waiting = null;
      run.effects.push({ type: 'cancel-socket', step: event.step });
      if (event.type === 'socket') answer(run, wait.assign, wait.outcome, event.message);
      else runAction(run, wait.timeout, {});
      break;
    }
    case 'back':
      browserBack(run);
      break;
  }
  return { state: draft, effects: run.effects };
}
