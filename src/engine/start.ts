/**
 * `start`: the first state of a flow and the effects of entering its start step.
 */
import type { CompiledFlow } from './compiled-types.ts';
import type { Effect, FlowState, StartInput, Transition } from './engine-types.ts';
import { enterStep } from './enter-step.ts';
import { initialContext } from './run-action.ts';

/** Options shared by `start` and `transition`. */
export interface EngineOptions {
  /** The current time in ms; stamps `waiting.startedAt` so a resumed wait knows how long is left. Defaults to `Date.now()`. */
  readonly now?: number;
}

/**
 * Starts a flow. The context is the flow's `context` defaults, then `input.context` (e.g. the
 * promoter's entity), then the URL parameters the flow lists in `params` (only those; others
 * are ignored), which are also kept in `state.params`. `seq` starts at 0. Then the start step
 * (the `startFrom` step of the first listed parameter present, else `start`) is entered (its
 * enter call, socket wait, timers) and the state is persisted.
 */
export function start(flow: CompiledFlow, input: StartInput, options: EngineOptions = {}): Transition {
  const params: Record<string, string> = {};
  for (const name of flow.params) {
    const value = input.params?.[name];
    if (value !== undefined) params[name] = value;
  }
  // What another flow handed over starts in the context, as if given at start (a reset keeps it).
  const carried = Object.fromEntries(
    (flow.flow.carried ?? []).flatMap((k) => {
      const v = input.carried?.[k];
      return v === undefined || v === null || v === '' ? [] : [[k, v]];
    }),
  );
  const startContext = Object.keys(carried).length > 0 ? { ...input.context, ...carried } : input.context;
  const first =
    Object.entries(flow.flow.startFrom ?? {}).find(([param]) => params[param] !== undefined)?.[1] ??
    flow.start;
  const state: FlowState = {
    flowId: flow.id,
    session: input.session,
    seq: 0,
    step: first,
    history: [],
    context: initialContext(flow, startContext, params),
    forms: {},
    params,
    modal: null,
    pending: null,
    waiting: null,
    error: null,
    done: false,
    ...(startContext === undefined ? {} : { startContext: structuredClone(startContext) }),
  };
  const effects: Effect[] = [];
  enterStep({ flow, state, effects, now: options.now ?? Date.now() }, first, 'start');
  return { state, effects };
}
