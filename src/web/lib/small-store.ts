/**
 * A store hook with the part of zustand's API the shell's stores use — `useX(selector)`,
 * `useX.getState()`, `useX.setState()`, `useX.subscribe()` — in a few hundred bytes, so the
 * entry (the shell reads the loading counter, the error dialog and the promoter) does not
 * carry zustand. Lazy chunks keep using zustand where they need more.
 */
import { useSyncExternalStore } from 'react';

type SetState<T> = (partial: Partial<T> | ((state: T) => Partial<T>)) => void;

/** The hook and its static methods, as zustand's `create` returns them. */
export interface SmallStore<T> {
  /** Re-renders when the selected value changes; the selector must return a stable value (a field, a boolean), not a new object. */
  <U>(selector: (state: T) => U): U;
  getState(): T;
  setState: SetState<T>;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** Where a store keeps its state between page loads (zustand's persist format, so existing data stays readable). */
export interface Persisted<T> {
  /** localStorage key. */
  name: string;
  /** The fields to save. */
  pick(state: T): Partial<T>;
}

function readPersisted<T>(name: string): Partial<T> {
  try {
    const raw = window.localStorage.getItem(name);
    const saved = raw ? (JSON.parse(raw) as { state?: Partial<T> }) : null;
    return saved?.state && typeof saved.state === 'object' ? saved.state : {};
  } catch {
    // Storage blocked or a value from another version: start empty rather than break the page.
    return {};
  }
}

/**
 * Creates a store from an initializer receiving `set` (like zustand's `create`). With
 * `persist`, the picked fields are read from localStorage at creation and written after
 * every change, as `{ state, version: 0 }`.
 */
export function createSmallStore<T extends object>(
  init: (set: SetState<T>) => T,
  persist?: Persisted<T>,
): SmallStore<T> {
  const listeners = new Set<() => void>();
  let state: T;
  const setState: SetState<T> = (partial) => {
    const next = typeof partial === 'function' ? partial(state) : partial;
    state = { ...state, ...next };
    if (persist) {
      try {
        window.localStorage.setItem(persist.name, JSON.stringify({ state: persist.pick(state), version: 0 }));
      } catch {
        // Storage full or blocked: the state still lives for this page.
      }
    }
    listeners.forEach((l) => l());
  };
  state = init(setState);
  if (persist) state = { ...state, ...readPersisted<T>(persist.name) };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const getState = () => state;
  const useStore = <U>(selector: (s: T) => U): U =>
    useSyncExternalStore(
      subscribe,
      () => selector(state),
      () => selector(state),
    );
  return Object.assign(useStore, { getState, setState, subscribe });
}
