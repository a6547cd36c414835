import { describe, expect, it } from 'vitest';
import { MARK_REFRESH_MS, resumeCookie, withResumeMark } from './resume-mark.ts';
import { saveHandoff, saveSession, clearSession, noLiveEffects } from './flow-session.ts';
import type { FlowState } from '../../engine/engine-types.ts';

function memory() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('the resume mark the server reads', () => {
  it('marks the address of a saved session for 30 minutes, and unmarks it when the session is cleared', () => {
    const cookies: string[] = [];
    const storage = withResumeMark(
      memory(),
      () => '/credinstante/',
      (c) => void cookies.push(c),
    );
    const state = { flowId: 'credinstante', forms: {}, context: {} } as unknown as FlowState;
    saveSession(storage, { state, live: noLiveEffects(), savedAt: 0 });
    clearSession(storage, 'credinstante');
    expect(cookies).toEqual([
      'resume=1; Path=/credinstante; SameSite=Lax; Max-Age=1800',
      'resume=1; Path=/credinstante; SameSite=Lax; Max-Age=0',
    ]);
  });

  it('marks the address a handoff waits at, not the one it leaves', () => {
    const cookies: string[] = [];
    const storage = withResumeMark(
      memory(),
      () => '/cotizador',
      (c) => void cookies.push(c),
    );
    saveHandoff(storage, '/consumo?x=1', { documento: '45678912' }, 0);
    expect(cookies).toEqual([resumeCookie('/consumo', true)]);
  });

  it('writes the same mark once a minute, not on every save, and an unmark at once', () => {
    const cookies: string[] = [];
    let clock = 0;
    const storage = withResumeMark(
      memory(),
      () => '/credinstante',
      (c) => void cookies.push(c),
      () => clock,
    );
    const state = { flowId: 'credinstante', forms: {}, context: {} } as unknown as FlowState;
    const save = () => saveSession(storage, { state, live: noLiveEffects(), savedAt: clock });
    save();
    clock = MARK_REFRESH_MS - 1;
    save();
    expect(cookies).toHaveLength(1);
    clock = MARK_REFRESH_MS;
    save();
    expect(cookies).toEqual([resumeCookie('/credinstante', true), resumeCookie('/credinstante', true)]);
    clearSession(storage, 'credinstante');
    save();
    expect(cookies.slice(2)).toEqual([
      resumeCookie('/credinstante', false),
      resumeCookie('/credinstante', true),
    ]);
  });

  it('leaves other keys unmarked', () => {
    const cookies: string[] = [];
    withResumeMark(
      memory(),
      () => '/x',
      (c) => void cookies.push(c),
    ).setItem('tema', 'a');
    expect(cookies).toEqual([]);
  });
});
