import { describe, expect, it } from 'vitest';
import { SESSION_MAX_AGE_MS, loadSession, sessionExpired, sessionKey } from './flow-session.ts';

function storageWith(value: unknown) {
  const map = new Map<string, string>([[sessionKey('taxi-profesional'), JSON.stringify(value)]]);
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const saved = (history: string[], savedAt: number, done = false) => ({
  savedAt,
  live: {},
  state: { flowId: 'taxi-profesional', step: 'simulacion', history, done },
});

describe('sessionExpired', () => {
  const now = 10 * SESSION_MAX_AGE_MS;

  it('is true for an application left past its first step for longer than the limit', () => {
    const storage = storageWith(saved(['verificacion', 'datos'], now - SESSION_MAX_AGE_MS - 1));
    expect(sessionExpired(storage, 'taxi-profesional', now)).toBe(true);
    // And the session itself is dropped: the page starts over.
    expect(loadSession(storage, 'taxi-profesional', now)).toBeNull();
  });

  it('is false within the limit, on the first step, after the end, or with nothing saved', () => {
    expect(sessionExpired(storageWith(saved(['verificacion'], now - 1000)), 'taxi-profesional', now)).toBe(
      false,
    );
    expect(sessionExpired(storageWith(saved([], 0)), 'taxi-profesional', now)).toBe(false);
    expect(sessionExpired(storageWith(saved(['datos'], 0, true)), 'taxi-profesional', now)).toBe(false);
    expect(sessionExpired(storageWith(saved(['datos'], 0)), 'moto', now)).toBe(false);
  });
});
