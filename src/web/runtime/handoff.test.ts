/**
 * The handoff between flows (`carry`): kept in the tab's storage without the private fields,
 * taken once by the flow it was meant for, and forgotten when stale.
 */
import { describe, expect, it } from 'vitest';
import { HANDOFF_MAX_AGE_MS, saveHandoff, takeHandoff } from './flow-session.ts';

const memory = () => {
  const m = new Map<string, string>();
  return {
    m,
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
  };
};

describe('handing what was typed to the next flow', () => {
  it('is taken once, by the route it was meant for, without account numbers or codes', () => {
    const s = memory();
    saveHandoff(s, '/renovacion', { documento: '45678912', numeroCuentaBancaria: '123', token: '1234' }, 0);
    expect([...s.m.values()].join()).not.toMatch(/123"|1234/);
    expect(takeHandoff(s, '/credinstante', 10)).toBeNull();
    expect(takeHandoff(s, '/renovacion', 10)).toEqual({ documento: '45678912' });
    expect(takeHandoff(s, '/renovacion', 20)).toBeNull();
  });

  it('is forgotten when the flow opens too late, or when the storage holds something else', () => {
    const s = memory();
    saveHandoff(s, '/renovacion', { documento: '45678912' }, 0);
    expect(takeHandoff(s, '/renovacion', HANDOFF_MAX_AGE_MS + 1)).toBeNull();
    s.setItem('handoff:/renovacion', 'not json');
    expect(takeHandoff(s, '/renovacion', 0)).toBeNull();
    expect(s.m.size).toBe(0);
  });
});
