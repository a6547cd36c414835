/**
 * The shape `compileFlow` produces: the flow file with every name resolved, every
 * json-logic expression compiled to a closure and every decision table turned into ordered
 * rules. `start` and `transition` read only this, so they do no parsing or lookups by scan.
 */
import type { EndpointDef } from './endpoint-types.ts';
import type { Action, CallSpec, Flow, Logic, Modal, Step, WaitSpec } from './flow-types.ts';
import type { Evaluator } from './logic.ts';

/** The one thing an action does after `set` and `track`; `stay` when it names none. */
export type ActionKind = 'goto' | 'modal' | 'reset' | 'home' | 'reload' | 'redirect' | 'back' | 'stay';

export interface CompiledAction {
  /** The action as written in the flow file (what a modal's `then` keeps in the state). */
  readonly source: Action;
  /** JSON pointer of the action in its file; also the key of `CompiledFlow.actions`. */
  readonly path: string;
  readonly set: readonly (readonly [key: string, value: Evaluator])[];
  readonly track: string | undefined;
  readonly kind: ActionKind;
  /** The step (`goto`), modal (`modal`) or address (`redirect`) the action names. */
  readonly target: string | undefined;
  /** With `modal`: the compiled `then`. */
  readonly then: CompiledAction | null;
}

/** One ordered rule of an outcome: a json-logic rule, or a `cases` entry turned into one. */
export interface CompiledRule {
  /** The rule's condition; for a case, the equivalent `codeIn` over `response.<on>`. */
  readonly if: Logic;
  readonly then: CompiledAction;
  /** Set for a rule that came from `cases`: the code it matches (as a string). */
  readonly code: string | undefined;
  /** For a json-logic rule: its compiled condition. */
  readonly test: Evaluator | undefined;
  readonly path: string;
}

export interface CompiledOutcome {
  /** Dotted path of the code in the answer (`outcome.on`, else the endpoint's `codeField`). */
  readonly on: string | null;
  /** Rules first, then cases, in the order written. */
  readonly rules: readonly CompiledRule[];
  readonly else: CompiledAction;
  readonly onError: CompiledAction | null;
}

export interface CompiledCall {
  readonly spec: CallSpec;
  readonly trigger: string;
  readonly endpoint: EndpointDef;
  /** The endpoint path split at its placeholders: literal text, or the value to encode. */
  readonly pathParts: readonly (string | Evaluator)[];
  readonly query: readonly (readonly [name: string, value: Evaluator])[];
  /** Null for GET: no body is sent. */
  readonly body: {
    readonly from: readonly ('context' | 'form' | 'params')[];
    readonly with: readonly (readonly [field: string, value: Evaluator])[];
    readonly pick: readonly string[] | null;
  } | null;
  readonly assign: readonly (readonly [key: string, value: Evaluator])[];
  readonly outcome: CompiledOutcome;
}

export interface CompiledWait {
  readonly spec: WaitSpec;
  readonly room: Evaluator;
  readonly assign: readonly (readonly [key: string, value: Evaluator])[];
  readonly outcome: CompiledOutcome;
  readonly timeout: CompiledAction;
}

export interface CompiledTimer {
  readonly id: string;
  readonly ms: number;
  readonly do: CompiledAction;
}

export interface CompiledStep {
  readonly id: string;
  readonly step: Step;
  /** Id of the flow or fragment the step was written in. */
  readonly origin: string;
  readonly calls: ReadonlyMap<string, CompiledCall>;
  readonly next: CompiledAction | null;
  readonly wait: CompiledWait | null;
  readonly timers: readonly CompiledTimer[];
}

export interface CompiledModal {
  readonly id: string;
  readonly modal: Modal;
  readonly origin: string;
  readonly onClose: CompiledAction | null;
  /** Each button's action, by button index. */
  readonly buttons: readonly CompiledAction[];
}

export interface CompiledFlow {
  readonly id: string;
  /** The flow with its included fragments' steps and modals merged in. */
  readonly flow: Flow;
  readonly start: string;
  readonly params: readonly string[];
  readonly context: Readonly<Record<string, unknown>>;
  readonly steps: ReadonlyMap<string, CompiledStep>;
  readonly modals: ReadonlyMap<string, CompiledModal>;
  /** Every compiled action by its JSON pointer (how a persisted modal finds its `then` again). */
  readonly actions: ReadonlyMap<string, CompiledAction>;
}

/** The built-in modal opened when a call fails and its outcome has no `onError`. */
export const ERROR_MODAL = '$error';
