/**
 * Plays one flow in the browser: feeds events to the engine, keeps its state in a zustand
 * store, persists it, and executes the effects the engine asks for (calls, socket waits,
 * timers, navigation, tracking). The engine decides; this class only does the I/O.
 * Everything that touches the outside is injected, so tests run it without a browser.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Effect, FlowEvent, FlowState, StartInput, Transition } from '../../engine/engine-types.ts';
import type { ApiRequest, ApiResponse } from '../api/client.ts';
import { ApiError, NetworkError, UnknownError } from '../api/errors.ts';
import { clearSession, loadSession, noLiveEffects, saveSession, type LiveEffects } from './flow-session.ts';

type CallEffect = Extract<Effect, { type: 'call' }>;
type SocketEffect = Extract<Effect, { type: 'socket' }>;

/** The engine, bound to one compiled flow. */
export interface FlowEngine {
  flowId: string;
  /** False for a step the flow no longer has (a saved session from before the file was edited). */
  hasStep?(id: string): boolean;
  /** The address parameters that start the flow at another step (`startFrom`: a link's token). */
  linkParams?: readonly string[];
  start(input: StartInput): Transition;
  transition(state: FlowState, event: FlowEvent): Transition;
}

/** A socket wait in progress; `close` ends it. */
export interface SocketWait {
  close(): void;
}

export interface FlowDeps {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now(): number;
  /** Sends a call (with retries on a dropped connection); rejects with an `ApiError`. */
  request(req: ApiRequest, isCancelled: () => boolean): Promise<ApiResponse>;
  /** Opens the socket namespace, joins the room and reports the first `event` message. */
  openSocket(effect: SocketEffect, onMessage: (message: unknown) => void): SocketWait;
  /** Leaves for `to`; `carry` is what the applicant typed, handed to the flow there (see `saveHandoff`). */
  navigate(to: string, carry?: Record<string, unknown>): void;
  reload(): void;
  track(event: string, data: Record<string, unknown>): void;
  /** Turns the global loading indicator on; returns its off switch. */
  beginLoading(): () => void;
  /** A new random session id. */
  newSession(): string;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface FlowSnapshot {
  state: FlowState;
  /** True while a call of the current step is in flight (views disable their submit). */
  busy: boolean;
}

/** `performance.now()`, or 0 where there is no clock (the marks below are then skipped). */
const now = (): number => globalThis.performance?.now() ?? 0;

/**
 * Leaves a `flow:step` mark in the browser's performance timeline, at the moment the event
 * that changed the step reached the engine: `npm run bench:steps` measures from it (or from
 * the answer that raised it) to the next step's view in the page. A user timing mark costs
 * microseconds and shows in the browser's performance panel.
 */
function markStepChange(from: string, to: string, event: FlowEvent['type'], startTime: number): void {
  if (typeof globalThis.performance?.mark !== 'function') return;
  try {
    performance.mark('flow:step', { startTime, detail: { from, to, event } });
  } catch {
    // A timeline that refuses marks (an old engine, a full buffer) loses the figure, nothing else.
  }
}

export class FlowController {
  readonly store: StoreApi<FlowSnapshot>;
  private live: LiveEffects = noLiveEffects();
  private timers = new Map<string, unknown>();
  private socket: { step: string; wait: SocketWait; timer: unknown } | null = null;
  private disposed = false;

  /** What starting does (the first step's effects, or resuming the saved ones), until `begin`. */
  private starting: (() => void) | null;

  /**
   * Starts the flow, or resumes its saved session. With `deferred`, a start that sends a call
   * (a link's page checking its token) is ready but sends nothing until `begin()`: a page made
   * during a render that React may discard (taking over prerendered HTML) must not leave a call
   * running that nobody watches, whose saved state the next attempt would then resume as if it
   * had failed.
   */
  constructor(
    private readonly engine: FlowEngine,
    private readonly deps: FlowDeps,
    input: Omit<StartInput, 'session'>,
    options: { deferred?: boolean } = {},
  ) {
    const loaded = loadSession(deps.storage, engine.flowId, deps.now());
    // A session whose step the flow no longer has (the file was edited since) starts over; so
    // does one that a link opened in this tab does not name (another token, or none before):
    // a link opens what it names. The same link again (a reload) resumes.
    const opensOther = (engine.linkParams ?? []).some(
      (param) => input.params?.[param] !== undefined && input.params[param] !== loaded?.state.params[param],
    );
    const saved = loaded && (engine.hasStep?.(loaded.state.step) ?? true) && !opensOther ? loaded : null;
    if (saved) {
      this.store = createStore<FlowSnapshot>(() => ({
        state: saved.state,
        busy: saved.state.pending !== null,
      }));
      this.starting = () => this.resume(saved.live);
    } else {
      const first = engine.start({ ...input, session: deps.newSession() });
      this.store = createStore<FlowSnapshot>(() => ({
        state: first.state,
        busy: first.state.pending !== null,
      }));
      this.starting = () => this.apply(first);
    }
    // Only a call in flight is worth holding back: a start that merely saves goes ahead.
    if (!options.deferred || this.store.getState().state.pending === null) this.begin();
  }

  /** Does what starting does, once (see the constructor's `deferred`). */
  begin(): void {
    const starting = this.starting;
    this.starting = null;
    if (starting && !this.disposed) starting();
  }

  /** The current engine state. */
  get state(): FlowState {
    return this.store.getState().state;
  }

  /** Raises an event (views, modals, effects). Ignored after `dispose`. */
  send = (event: FlowEvent): void => {
    if (this.disposed) return;
    // An event means the page is live: what starting does comes first.
    this.begin();
    const at = now();
    const from = this.state.step;
    let next: Transition;
    try {
      next = this.engine.transition(this.state, event);
    } catch (error) {
      console.error(
        `Flow "${this.engine.flowId}": the engine rejected ${event.type} on step "${this.state.step}".`,
        error,
      );
      return;
    }
    this.apply(next);
    if (next.state.step !== from) markStepChange(from, next.state.step, event.type, at);
  };

  /** Stops timers, sockets and pending answers (the page was left). The saved session stays. */
  dispose(): void {
    this.disposed = true;
    for (const handle of this.timers.values()) this.deps.clearTimeout(handle);
    this.timers.clear();
    this.closeSocket();
  }

  private apply({ state, effects }: Transition): void {
    this.store.setState({ state, busy: state.pending !== null });
    // Every transition is saved (typed data included) unless the engine's last word on
    // persistence was to clear it (the flow reset or left).
    let clear = false;
    for (const effect of effects) {
      if (effect.type === 'clear-persisted') clear = true;
      if (effect.type === 'persist') clear = false;
      this.run(effect);
    }
    if (state.pending === null) this.live.call = null;
    if (clear) clearSession(this.deps.storage, state.flowId);
    else this.persist();
  }

  private persist(): void {
    saveSession(this.deps.storage, { state: this.state, live: this.live, savedAt: this.deps.now() });
  }

  /** Restarts what was in flight when the page went away. */
  private resume(live: LiveEffects): void {
    const state = this.state;
    const now = this.deps.now();
    this.live = noLiveEffects();
    if (state.pending && live.call?.requestId === state.pending.requestId) {
      // Same request id, so the same Idempotency-Key: the server answers once.
      this.run(live.call);
    } else if (state.pending) {
      // A call whose body was not kept (it carried a photo or a code: flow-session.ts) is
      // lost like a dropped connection; the step is there to send again.
      const lost = new NetworkError();
      this.send({
        type: 'failure',
        requestId: state.pending.requestId,
        kind: lost.kind,
        message: lost.message,
      });
    }
    if (state.waiting && live.socket && live.socket.step === state.waiting.step) {
      const left = live.socket.maxMs - (now - live.socket.at);
      this.startSocket(live.socket, live.socket.at, Math.max(0, left));
    }
    for (const [id, timer] of Object.entries(live.timers)) {
      this.startTimer(id, timer.ms, timer.at, Math.max(0, timer.ms - (now - timer.at)));
    }
    this.persist();
  }

  private run(effect: Effect): void {
    switch (effect.type) {
      case 'call':
        this.call(effect);
        break;
      case 'socket':
        this.startSocket(effect, this.deps.now(), effect.maxMs);
        break;
      case 'cancel-socket':
        if (this.socket?.step === effect.step) this.closeSocket();
        break;
      case 'timer':
        this.startTimer(effect.id, effect.ms, this.deps.now(), effect.ms);
        break;
      case 'cancel-timers':
        for (const handle of this.timers.values()) this.deps.clearTimeout(handle);
        this.timers.clear();
        this.live.timers = {};
        break;
      case 'navigate':
        this.deps.navigate(effect.to, effect.carry);
        break;
      case 'reload':
        this.deps.reload();
        break;
      case 'track':
        this.deps.track(effect.event, effect.data);
        break;
      case 'persist':
      case 'clear-persisted':
        // Handled in `apply`: every transition is saved unless the engine asked to clear.
        break;
    }
  }

  private call(effect: CallEffect): void {
    this.live.call = effect;
    const done = this.deps.beginLoading();
    const req: ApiRequest = {
      method: effect.method,
      path: effect.path,
      query: effect.query,
      body: effect.body ?? undefined,
      timeoutMs: effect.timeoutMs,
      ...(effect.idempotent ? { idempotencyKey: effect.requestId, captchaAction: effect.endpoint } : {}),
    };
    this.deps
      .request(req, () => this.disposed)
      .then(
        (res) => {
          done();
          this.send({ type: 'response', requestId: effect.requestId, status: res.status, body: res.body });
        },
        (error: unknown) => {
          done();
          const e = error instanceof ApiError ? error : new UnknownError();
          this.send({
            type: 'failure',
            requestId: effect.requestId,
            kind: e.kind,
            message: e.message,
            ...(e.status === undefined ? {} : { status: e.status }),
            ...(e.reference === undefined ? {} : { reference: e.reference }),
          });
        },
      );
  }

  private startSocket(effect: SocketEffect, at: number, ms: number): void {
    this.closeSocket();
    this.live.socket = { ...effect, at };
    const wait = this.deps.openSocket(effect, (message) => {
      this.closeSocket();
      this.send({ type: 'socket', step: effect.step, message });
    });
    const timer = this.deps.setTimeout(() => {
      this.closeSocket();
      this.send({ type: 'socket-timeout', step: effect.step });
    }, ms);
    this.socket = { step: effect.step, wait, timer };
  }

  private closeSocket(): void {
    if (!this.socket) return;
    this.deps.clearTimeout(this.socket.timer);
    this.socket.wait.close();
    this.socket = null;
    this.live.socket = null;
  }

  private startTimer(id: string, ms: number, at: number, left: number): void {
    const old = this.timers.get(id);
    if (old !== undefined) this.deps.clearTimeout(old);
    this.live.timers[id] = { ms, at };
    this.timers.set(
      id,
      this.deps.setTimeout(() => {
        this.timers.delete(id);
        delete this.live.timers[id];
        this.send({ type: 'timer', id });
      }, left),
    );
  }
}
