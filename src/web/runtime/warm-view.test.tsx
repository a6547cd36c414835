import { useEffect, useLayoutEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ViewProps } from '../views/view-types.ts';
import { makeState } from '../views/view-test-utils.tsx';
import { t } from '../lib/i18n.ts';
import { warmView } from './warm-view.tsx';

const props = (send: ViewProps['send']): ViewProps => ({
  flow: {
    id: 'f',
    title: 't',
    routes: ['/f'],
    layout: 'default',
    start: 'paso',
    steps: { paso: { number: 5, view: 'summary' } },
  },
  stepId: 'paso',
  step: { number: 5, view: 'summary' },
  state: makeState({ nombreTitular: 'ROSA' }),
  send,
  busy: false,
  t,
});

describe('drawing a view ahead', () => {
  it('runs the view’s code once, outside the page, with no effect run and nothing sent, then throws it away', async () => {
    const drawn: string[] = [];
    const effects = vi.fn();
    const send = vi.fn();
    function View({ state, send: raise }: ViewProps) {
      drawn.push(String(state.context.nombreTitular));
      useEffect(() => {
        effects('effect');
        raise({ type: 'change', data: {} });
        return () => {
          effects('cleanup');
        };
      });
      useLayoutEffect(() => {
        effects('layout');
      });
      return <input aria-label="Correo electrónico" id="paso-email" />;
    }
    const before = document.body.innerHTML;
    await expect(warmView(View, props(send))).resolves.toBe('drawn');
    expect(drawn).toContain('ROSA');
    expect(effects).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
    expect(document.body.innerHTML).toBe(before);
    expect(document.getElementById('paso-email')).toBeNull();
  });

  it('ends when the view fails to draw, says so, and the failure reaches no one', async () => {
    const View = () => {
      throw new Error('sin datos');
    };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const ended = warmView(View, props(vi.fn()));
    const late = new Promise((resolve) => setTimeout(() => resolve('still drawing'), 1_000));
    await expect(Promise.race([ended, late])).resolves.toBe('failed');
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
