import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FlowState } from '../../engine/engine-types.ts';
import type { FlowSnapshot } from './flow-controller.ts';
import { useCodeIn, useDrawnSnapshot } from './drawn-snapshot.ts';

/**
 * A view whose code comes when the test says so (`arrive`), or fails to (`fail`). A function,
 * like the components it stands for (one handed to a state setter as is would be called).
 */
function slowView() {
  let isIn = false;
  let settle: (ok: boolean) => void = () => undefined;
  const pending = new Promise<boolean>((resolve) => (settle = resolve));
  let asked = 0;
  return Object.assign(() => null, {
    loaded: () => isIn,
    preload: () => {
      asked += 1;
      return pending.then((ok) => {
        isIn = ok;
      });
    },
    asked: () => asked,
    arrive: () => settle(true),
    fail: () => settle(false),
  });
}

const ready = { loaded: () => true, preload: () => Promise.resolve() };

const at = (step: string, data: Record<string, unknown> = {}, busy = false): FlowSnapshot => ({
  state: { step, forms: { [step]: data } } as unknown as FlowState,
  busy,
});

describe('the step the flow page draws', () => {
  it('keeps the last step, busy and as typed, until the next view’s code is in, then draws the next step at once', async () => {
    const token = slowView();
    const viewOf = (step: string) => (step === 'token' ? token : ready);
    const { result, rerender } = renderHook(({ snapshot }) => useDrawnSnapshot(snapshot, viewOf), {
      initialProps: { snapshot: at('lead') },
    });
    rerender({ snapshot: at('lead', { documento: '4567' }, true) });
    rerender({ snapshot: at('token') });
    expect(result.current.state.step).toBe('lead');
    expect(result.current.state.forms).toEqual({ lead: { documento: '4567' } });
    expect(result.current.busy).toBe(true);
    expect(token.asked()).toBe(1);
    await act(() => {
      token.arrive();
      return Promise.resolve();
    });
    expect(result.current).toEqual(at('token'));
  });

  it('draws a step whose view is in, and the same step’s updates, at once', () => {
    const viewOf = () => ready;
    const { result, rerender } = renderHook(({ snapshot }) => useDrawnSnapshot(snapshot, viewOf), {
      initialProps: { snapshot: at('lead') },
    });
    rerender({ snapshot: at('token') });
    expect(result.current.state.step).toBe('token');
    const typed = at('token', { codigo: '12' });
    rerender({ snapshot: typed });
    expect(result.current).toBe(typed);
  });

  it('draws the first step at once even before its code is in (the fallback shows), and a step whose code failed to come', async () => {
    const first = slowView();
    const { result } = renderHook(() => useDrawnSnapshot(at('lead'), () => first));
    expect(result.current.state.step).toBe('lead');
    const broken = slowView();
    const viewOf = (step: string) => (step === 'token' ? broken : ready);
    const page = renderHook(({ snapshot }) => useDrawnSnapshot(snapshot, viewOf), {
      initialProps: { snapshot: at('lead') },
    });
    page.rerender({ snapshot: at('token') });
    expect(page.result.current.state.step).toBe('lead');
    await act(() => {
      broken.fail();
      return Promise.resolve();
    });
    // Its lazy wrapper and the error boundary take over from here (and try once more).
    expect(page.result.current.state.step).toBe('token');
  });
});

describe('a modal drawn once its code is in', () => {
  it('is not drawn before, is asked for only when wanted, and is drawn when its code arrives', async () => {
    const modal = slowView();
    const { result, rerender } = renderHook(({ wanted }) => useCodeIn(modal, wanted), {
      initialProps: { wanted: false },
    });
    expect(result.current).toBe(false);
    expect(modal.asked()).toBe(0);
    rerender({ wanted: true });
    expect(modal.asked()).toBe(1);
    await act(() => {
      modal.arrive();
      return Promise.resolve();
    });
    expect(result.current).toBe(true);
  });
});
