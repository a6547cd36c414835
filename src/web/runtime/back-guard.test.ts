import { describe, expect, it, vi } from 'vitest';
import type { BackOption } from '../../engine/back-option.ts';
import { BackGuard, type HistoryPort } from './back-guard.ts';

/** A browser history of entries at one address, with the router's own state in each. */
function fakeHistory() {
  const entries: unknown[] = [{ key: 'r1', idx: 0 }];
  let at = 0;
  const listeners = new Set<() => void>();
  const port: HistoryPort = {
    get state() {
      return entries[at];
    },
    push: (state) => {
      entries.splice(at + 1, entries.length, state);
      at += 1;
    },
    back: () => {
      if (at > 0) at -= 1;
      else left = true;
      listeners.forEach((fn) => fn());
    },
    onPop: (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  let left = false;
  return { port, entries: () => entries.slice(0, at + 1), hasLeft: () => left, press: () => port.back() };
}

describe('BackGuard', () => {
  it('adds no entry while nothing lies behind, so back leaves the first step', () => {
    const h = fakeHistory();
    new BackGuard(h.port, () => ({ kind: 'none' }), vi.fn(), vi.fn());
    expect(h.entries()).toHaveLength(1);
  });

  it("goes to the step the flow allows and keeps the router's state on the guard", () => {
    const h = fakeHistory();
    let option: BackOption = { kind: 'step', step: 'simulador', index: 1 };
    const goBack = vi.fn(() => {
      option = { kind: 'none' };
    });
    new BackGuard(h.port, () => option, goBack, vi.fn());
    expect(h.entries()).toEqual([
      { key: 'r1', idx: 0 },
      { key: 'r1', idx: 0, flowBackGuard: true },
    ]);
    h.press();
    expect(goBack).toHaveBeenCalledOnce();
    // Back on the first step: no guard again, the next back is the browser's.
    expect(h.entries()).toHaveLength(1);
  });

  it('stays, says why and guards again when going back is not allowed', () => {
    const h = fakeHistory();
    const refused = vi.fn();
    const goBack = vi.fn();
    new BackGuard(h.port, () => ({ kind: 'blocked', reason: 'behind' }), goBack, refused);
    h.press();
    expect(goBack).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledWith('behind');
    expect(h.entries()).toHaveLength(2);
    expect(h.hasLeft()).toBe(false);
  });

  it('stops listening when disposed', () => {
    const h = fakeHistory();
    const goBack = vi.fn();
    const guard = new BackGuard(h.port, () => ({ kind: 'step', step: 'datos', index: 0 }), goBack, vi.fn());
    guard.dispose();
    h.press();
    expect(goBack).not.toHaveBeenCalled();
  });
});
