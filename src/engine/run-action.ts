/**
 * Running an action: `set`, then `track`, then the one thing it does (go to a step, open a
 * modal, reset, go home, reload, redirect, go back), or stay on the step.
 */
import type { CompiledAction, CompiledFlow, CompiledOutcome } from './compiled-types.ts';
import { ERROR_MODAL } from './compiled-types.ts';
import type { FlowState } from './engine-types.ts';
import type { Evaluator } from './logic.ts';
import { truthy } from './logic.ts';
import { currentForm } from './build-call.ts';
import { enterStep, leaveStep, type Run } from './enter-step.ts';
import { toText } from './named-operations.ts';
import { readPath, setPath } from './read-path.ts';
import { backOption } from './back-option.ts';

/** What an action's json-logic reads besides the state: the answer and the error, if any. */
export interface ActionInput {
  readonly response?: unknown;
  readonly error?: { kind: string; message: string; status?: number } | null;
}

/**
 * Evaluates every value of a `set`/`assign` map against the same data (so their order does
 * not matter), then writes them into the context; dotted keys write nested values.
 */
export function assignContext(
  state: FlowState,
  map: readonly (readonly [string, Evaluator])[],
  data: unknown,
): void {
  if (map.length === 0) return;
  const values = map.map(([key, value]) => [key, value(data)] as const);
  let context = state.context;
  for (const [key, value] of values) context = setPath(context, key, value);
  state.context = context;
}

/** The data json-logic sees in outcomes and actions: `{ response, context, form, params, error }`. */
export function logicData(state: FlowState, input: ActionInput): Record<string, unknown> {
  return {
    response: input.response ?? null,
    context: state.context,
    form: currentForm(state),
    params: state.params,
    error: input.error ?? state.error,
  };
}

/**
 * Picks the action an answer leads to: the first rule (json-logic rules, then cases) that
 * holds, else `else`. Case codes compare loosely as strings: `"0"` matches `0`, `"00"` does not.
 */
export function decide(outcome: CompiledOutcome, data: Record<string, unknown>): CompiledAction {
  let code: string | null | undefined;
  for (const rule of outcome.rules) {
    if (rule.test !== undefined) {
      if (truthy(rule.test(data))) return rule.then;
      continue;
    }
    if (code === undefined) {
      const raw = outcome.on === null ? undefined : readPath(data.response, outcome.on);
      code = raw === null || raw === undefined ? null : toText(raw);
    }
    if (code === rule.code) return rule.then;
  }
  return outcome.else;
}

/** The top-level plain fields of an answer, for a modal's message to interpolate. */
function varsOf(response: unknown): Record<string, unknown> | undefined {
  if (response === null || typeof response !== 'object' || Array.isArray(response)) return undefined;
  const vars: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(response)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      vars[key] = value;
  }
  return vars;
}

/** The context a fresh start (or a reset) begins with: defaults, start context, URL parameters. */
export function initialContext(
  flow: CompiledFlow,
  startContext: Record<string, unknown> | undefined,
  params: Record<string, string>,
): Record<string, unknown> {
  // Copy nested defaults so a runtime that changes its state in place cannot change the flow's.
  const context: Record<string, unknown> = {};
  for (const key in flow.context) {
    const value = flow.context[key];
    context[key] = value !== null && typeof value === 'object' ? structuredClone(value) : value;
  }
  return Object.assign(context, startContext, params);
}

/**
 * Reset: a fresh state of the same session and URL parameters (and start context), at the
 * start step. `seq` keeps growing so a new request never reuses an old request id, and an
 * answer to a call made before the reset is stale.
 */
export function resetFlow(run: Run): void {
  const { state, effects } = run;
  leaveStep(run);
  state.context = initialContext(run.flow, state.startContext, state.params);
  state.forms = {};
  state.history = [];
  state.modal = null;
  state.pending = null;
  state.error = null;
  state.done = false;
  effects.push({ type: 'clear-persisted' });
  enterStep(run, run.flow.start, 'start');
}

/**
 * Back: pops the previous step and enters it again. Entering it runs what entering any step
 * runs: its `enter` call when it has one (the data it shows may have changed; a step without
 * one makes no call), its socket wait and timers. The form data typed there is kept. With
 * no history the flow stays where it is.
 */
export function goBack(run: Run): void {
  const { state } = run;
  const previous = state.history[state.history.length - 1];
  if (previous === undefined) {
    run.effects.push({ type: 'persist' });
    return;
  }
  state.history = state.history.slice(0, -1);
  enterStep(run, previous, 'back');
}

/**
 * The browser's back button: to the nearest earlier step the flow lets the applicant revisit
 * ({@link backOption}), entered again as {@link goBack} enters it; otherwise the flow stays.
 */
export function browserBack(run: Run): void {
  const option = backOption(run.flow, run.state);
  if (option.kind !== 'step') {
    run.effects.push({ type: 'persist' });
    return;
  }
  run.state.history = run.state.history.slice(0, option.index);
  enterStep(run, option.step, 'back');
}

/**
 * Runs an action against the transition's draft state. `set` values are json-logic over
 * `{ response, context, form, params, error }`; `track` emits the event with the flow and the
 * step it fires on, and nothing of the context: the tag manager never receives an applicant's
 * data (DNI, phone, names, income). Then:
 * - `goto`: enter the step; `modal`: open it, closing runs `then`, else the modal's `onClose`,
 *   else nothing; `reset`: see {@link resetFlow}; `back`: see {@link goBack};
 * - `home`: the flow is done, the saved state is cleared, navigate to `/`;
 * - `redirect`: the flow is done (and saved so), navigate to the address;
 * - `reload`: the state is saved and the page reloads, so it resumes on the same step;
 * - nothing: stay, and save.
 */
export function runAction(run: Run, action: CompiledAction, input: ActionInput): void {
  const { state, effects, flow } = run;
  if (action.set.length > 0) assignContext(state, action.set, logicData(state, input));
  if (action.track !== undefined)
    effects.push({ type: 'track', event: action.track, data: { flow: state.flowId, step: state.step } });
  switch (action.kind) {
    case 'goto':
      enterStep(run, action.target!, 'forward');
      return;
    case 'modal': {
      const id = action.target!;
      const then = action.then ?? (id === ERROR_MODAL ? null : (flow.modals.get(id)?.onClose ?? null));
      const vars = varsOf(input.response);
      state.modal = {
        id,
        then: then?.source ?? null,
        ...(then ? { thenPath: then.path } : {}),
        ...(vars ? { vars } : {}),
      };
      effects.push({ type: 'persist' });
      return;
    }
    case 'reset':
      resetFlow(run);
      return;
    case 'back':
      goBack(run);
      return;
    case 'home':
      leaveStep(run);
      state.done = true;
      state.pending = null;
      effects.push({ type: 'clear-persisted' }, { type: 'navigate', to: '/' });
      return;
    case 'redirect':
      leaveStep(run);
      state.done = true;
      state.pending = null;
      effects.push(
        { type: 'persist' },
        action.source.carry
          ? { type: 'navigate', to: action.target!, carry: { ...currentForm(state) } }
          : { type: 'navigate', to: action.target! },
      );
      return;
    case 'reload':
      effects.push({ type: 'persist' }, { type: 'reload' });
      return;
    case 'stay':
      effects.push({ type: 'persist' });
      return;
  }
}
