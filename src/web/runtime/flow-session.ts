/**
 * The persisted session of one flow in sessionStorage: the engine's state, the effects
 * still in flight (a pending call, a socket wait, timers) so they can be resumed, and the
 * time it was saved. A session older than 30 minutes, or one whose flow has ended, starts
 * fresh. A reload or a reopened tab therefore comes back to the same step with the data typed.
 */
import type { Effect, FlowState } from '../../engine/engine-types.ts';

export const SESSION_MAX_AGE_MS = 30 * 60_000;

type CallEffect = Extract<Effect, { type: 'call' }>;
type SocketEffect = Extract<Effect, { type: 'socket' }>;

/** Effects started and not yet finished, with the time each started. */
export interface LiveEffects {
  call: CallEffect | null;
  socket: (SocketEffect & { at: number }) | null;
  timers: Record<string, { ms: number; at: number }>;
}

export interface SavedSession {
  state: FlowState;
  live: LiveEffects;
  savedAt: number;
}

export const noLiveEffects = (): LiveEffects => ({ call: null, socket: null, timers: {} });

/** The sessionStorage key of a flow's session. */
export function sessionKey(flowId: string): string {
  return `flow:${flowId}`;
}

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Reads a usable saved session, or null (none, unreadable, expired, ended, other flow). */
export function loadSession(storage: KeyValue, flowId: string, now: number): SavedSession | null {
  let saved: SavedSession;
  try {
    const raw = storage.getItem(sessionKey(flowId));
    if (raw === null) return null;
    saved = JSON.parse(raw) as SavedSession;
  } catch {
    return null;
  }
  const valid =
    typeof saved === 'object' &&
    saved !== null &&
    typeof saved.savedAt === 'number' &&
    saved.state?.flowId === flowId &&
    now - saved.savedAt <= SESSION_MAX_AGE_MS &&
    !saved.state.done;
  if (!valid) {
    storage.removeItem(sessionKey(flowId));
    return null;
  }
  return { ...saved, live: { ...noLiveEffects(), ...saved.live } };
}

/** Saves the session; storage full or disabled only loses the resume, never the page. */
export function saveSession(storage: KeyValue, session: SavedSession): void {
  try {
    storage.setItem(sessionKey(session.state.flowId), JSON.stringify(session));
  } catch {
    // Private mode or quota: the flow still works, it just will not survive a reload.
  }
}

export function clearSession(storage: KeyValue, flowId: string): void {
  try {
    storage.removeItem(sessionKey(flowId));
  } catch {
    // Nothing to clear.
  }
}
