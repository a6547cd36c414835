import type { Action } from './flow-types.ts';

/** An open modal and what closing it does. */
export interface OpenModal {
  id: string;
  /** The action to run on close (from the rule's `then` or the modal's `onClose`). */
  then: Action | null;
  /** JSON pointer of `then` in the flow file, so a resumed state runs the compiled action again. */
  thenPath?: string;
  /** Values the modal's message may interpolate (e.g. the server's `detalleRespuesta`). */
  vars?: Record<string, unknown>;
}

/** A call that has been asked for and not yet answered. */
export interface PendingCall {
  /** Unique per request: the runtime uses it as the `Idempotency-Key` and reuses it on retry. */
  requestId: string;
  step: string;
  trigger: string;
  endpoint: string;
}

/** The engine's state: plain data, serialisable with JSON, persisted between reloads. */
export interface FlowState {
  flowId: string;
  /** Random id of this application session (from `StartInput.session`); prefixes request ids. */
  session: string;
  /** Bumped on every transition; lets a runtime ignore stale answers. */
  seq: number;
  step: string;
  /** Steps visited before the current one (for `back`). */
  history: string[];
  context: Record<string, unknown>;
  /** Form data by step id: what the applicant typed is kept here. */
  forms: Record<string, Record<string, unknown>>;
  /** URL parameters read at start. */
  params: Record<string, string>;
  modal: OpenModal | null;
  pending: PendingCall | null;
  /** The active socket wait, if any. */
  waiting: { step: string; startedAt: number } | null;
  /** Last error shown (class and message), for views that need it. */
  error: { kind: string; message: string } | null;
  /** Set when the flow has left (home / redirect); the runtime navigates. A reload keeps the flow, so the page resumes on its step. */
  done: boolean;
  /** The extra context given at start (`StartInput.context`, e.g. the promoter's entity), kept so `reset` keeps it. */
  startContext?: Record<string, unknown>;
}

/** What the runtime tells the engine. */
export type FlowEvent =
  | { type: 'submit'; trigger?: string; data: Record<string, unknown> }
  | { type: 'action'; name: string; data?: Record<string, unknown> }
  | { type: 'change'; data: Record<string, unknown> }
  | { type: 'response'; requestId: string; status: number; body: unknown }
  | { type: 'failure'; requestId: string; kind: string; message: string; status?: number; reference?: string }
  | { type: 'modal-closed'; button?: number }
  | { type: 'timer'; id: string }
  | { type: 'socket'; step: string; message: unknown }
  | { type: 'socket-timeout'; step: string }
  /** The browser's back button: to the nearest step the flow lets the applicant revisit, or stay (`backOption`). */
  | { type: 'back' }
  | { type: 'reset' };

/** What the engine asks the runtime to do. Plain data; the engine never does I/O. */
export type Effect =
  | {
      type: 'call';
      requestId: string;
      endpoint: string;
      method: string;
      path: string;
      query: Record<string, string>;
      body: Record<string, unknown> | null;
      timeoutMs: number;
      idempotent: boolean;
    }
  | { type: 'socket'; step: string; namespace: string; event: string; room: string; maxMs: number }
  | { type: 'cancel-socket'; step: string }
  | { type: 'timer'; id: string; ms: number }
  | { type: 'cancel-timers' }
  | { type: 'navigate'; to: string; carry?: Record<string, unknown> }
  | { type: 'reload' }
  | { type: 'track'; event: string; data: Record<string, unknown> }
  | { type: 'persist' }
  | { type: 'clear-persisted' };

export interface Transition {
  state: FlowState;
  effects: Effect[];
}

/** Input to `start`. */
export interface StartInput {
  params?: Record<string, string>;
  /** Extra context (e.g. the promoter's codigoEntidad and codigoUsuario). */
  context?: Record<string, unknown>;
  /** What another flow handed over with `carry`; only the fields the flow's `carried` lists are kept. */
  carried?: Record<string, unknown>;
  /** Random id of the session, chosen by the runtime (the engine makes no randomness). */
  session: string;
}
