/**
 * The persisted session of one flow in sessionStorage: the engine's state, the effects
 * still in flight (a pending call, a socket wait, timers) so they can be resumed, and the
 * time it was saved. A session older than 30 minutes, or one whose flow has ended, starts
 * fresh. A reload or a reopened tab therefore comes back to the same step with the data typed.
 *
 * What resuming does not need never reaches the storage: images (the selfie, document
 * photos), SMS codes and account numbers are left out of what was typed and of the context,
 * and a call in flight that carries one is not kept (on resume it fails like a lost
 * connection, and the applicant sends the step again). A shared device (a promoter's tablet)
 * therefore never keeps them after the page is left.
 */
import type { Effect, FlowState } from '../../engine/engine-types.ts';
import { isPrivateField, SESSION_MAX_AGE_MS } from '../../engine/kept-typing.ts';

export { SESSION_MAX_AGE_MS };

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

function withoutPrivate(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([k]) => !isPrivateField(k)));
}

const carriesPrivate = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && Object.keys(body).some(isPrivateField);

/** The session as it may be stored: the same, less the private fields (see the file's note). */
export function storableSession(session: SavedSession): SavedSession {
  const { state, live } = session;
  const forms = Object.fromEntries(
    Object.entries(state.forms).map(([step, values]) => [step, withoutPrivate(values)]),
  );
  return {
    ...session,
    state: { ...state, forms, context: withoutPrivate(state.context) },
    live: live.call && carriesPrivate(live.call.body) ? { ...live, call: null } : live,
  };
}

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

/**
 * True when this flow's saved session ran out of time (older than {@link SESSION_MAX_AGE_MS},
 * not ended, past its first step): the applicant is told so, since the page starts over.
 * Read before {@link loadSession}, which drops it.
 */
export function sessionExpired(storage: KeyValue, flowId: string, now: number): boolean {
  try {
    const raw = storage.getItem(sessionKey(flowId));
    if (raw === null) return false;
    const saved = JSON.parse(raw) as Partial<SavedSession> | null;
    return (
      typeof saved?.savedAt === 'number' &&
      saved.state?.flowId === flowId &&
      !saved.state.done &&
      saved.state.history.length > 0 &&
      now - saved.savedAt > SESSION_MAX_AGE_MS
    );
  } catch {
    return false;
  }
}

/** Saves the session; storage full or disabled only loses the resume, never the page. */
export function saveSession(storage: KeyValue, session: SavedSession): void {
  try {
    storage.setItem(sessionKey(session.state.flowId), JSON.stringify(storableSession(session)));
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

/** Forgets every flow's session (a promoter moves on to the next client, or logs out). */
export function clearAllSessions(storage: Pick<Storage, 'length' | 'key' | 'removeItem'>): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(sessionKey(''))) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

/** How long a handoff waits for its flow to open: the redirect is immediate; a later visit starts empty. */
export const HANDOFF_MAX_AGE_MS = 10 * 60_000;

const handoffKey = (path: string): string => `handoff:${new URL(path, 'http://sitio.local').pathname}`;

/**
 * What a flow hands to the flow of another route when it redirects there with `carry` (what the
 * applicant typed on the step): kept in this tab's storage beside the flows' own sessions, less
 * the private fields, never in the address. The flow there takes it once ({@link takeHandoff}).
 */
export function saveHandoff(
  storage: KeyValue,
  to: string,
  values: Record<string, unknown>,
  now: number,
): void {
  try {
    storage.setItem(handoffKey(to), JSON.stringify({ values: withoutPrivate(values), savedAt: now }));
  } catch {
    // Storage off: the next flow starts with an empty form.
  }
}

/** The values handed to the flow at `path`, removed as they are read; null when none, unreadable or stale. */
export function takeHandoff(storage: KeyValue, path: string, now: number): Record<string, unknown> | null {
  try {
    const key = handoffKey(path);
    const raw = storage.getItem(key);
    if (raw === null) return null;
    storage.removeItem(key);
    const saved = JSON.parse(raw) as { values?: unknown; savedAt?: unknown };
    if (
      typeof saved?.savedAt !== 'number' ||
      now - saved.savedAt > HANDOFF_MAX_AGE_MS ||
      typeof saved.values !== 'object' ||
      saved.values === null ||
      Array.isArray(saved.values)
    )
      return null;
    return saved.values as Record<string, unknown>;
  } catch {
    return null;
  }
}

/**
 * True when this tab keeps something that opens `flowId` at `path` elsewhere than on its blank
 * first step: a saved session (current, or expired and so announced) or a handoff waiting for
 * the route. Read without taking anything; the page built from HTML checks it before it
 * takes over (`src/web/start.tsx`).
 */
export function storedStateFor(storage: Pick<Storage, 'getItem'>, flowId: string, path: string): boolean {
  try {
    return storage.getItem(sessionKey(flowId)) !== null || storage.getItem(handoffKey(path)) !== null;
  } catch {
    return false;
  }
}
