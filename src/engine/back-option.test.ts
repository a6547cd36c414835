import { describe, expect, it } from 'vitest';
import { backOption } from './back-option.ts';
import { compileFlow } from './compile-flow.ts';
import { TEST_ENDPOINTS, testFlow } from './engine-fixture.ts';
import { atToken, begin, evaluating, flow, next, respond, simulating } from './transition-harness.ts';
import { transition } from './transition.ts';

/** From the simulator reached through the evaluation screen (history: datos, evaluacion). */
const simulatingAfterEvaluation = () =>
  respond(next(evaluating(), { type: 'socket', step: 'evaluacion', message: { estado: 1 } }), {
    codRes: '00',
    plazos: '12,24',
  });

describe('backOption', () => {
  it('leads to the nearest step marked revisit', () => {
    expect(backOption(flow, atToken().state)).toEqual({ kind: 'step', step: 'simulador', index: 1 });
  });

  it('passes over loading and evaluation screens', () => {
    const t = simulatingAfterEvaluation();
    expect(t.state.history).toEqual(['datos', 'evaluacion']);
    expect(backOption(flow, t.state)).toEqual({ kind: 'step', step: 'datos', index: 0 });
  });

  it('is blocked by a step once left that the flow does not let the applicant revisit', () => {
    const f = testFlow();
    delete f.steps.simulador!.revisit;
    const strict = compileFlow(f, TEST_ENDPOINTS);
    expect(backOption(strict, atToken().state)).toEqual({ kind: 'blocked', reason: 'behind' });
  });

  it('is blocked while a call is in flight or a dialog is open', () => {
    const back = next(atToken(), { type: 'back' });
    expect(back.state.pending).not.toBeNull();
    expect(backOption(flow, back.state)).toEqual({ kind: 'blocked', reason: 'busy' });
    const failed = next(simulating(), {
      type: 'failure',
      requestId: 'x',
      kind: 'network',
      message: 'sin conexión',
    });
    const withModal = { ...failed.state, modal: { id: 'errorGenerico', then: null } };
    expect(backOption(flow, withModal)).toEqual({ kind: 'blocked', reason: 'busy' });
  });

  it('leaves the way out to the browser on the first step', () => {
    expect(backOption(flow, begin().state)).toEqual({ kind: 'none' });
  });
});

describe('the back event', () => {
  it('cuts the history at the step it returns to and keeps what was typed', () => {
    const t = next(simulatingAfterEvaluation(), { type: 'back' });
    expect(t.state.step).toBe('datos');
    expect(t.state.history).toEqual([]);
  });

  it('stays where it is when going back is not allowed', () => {
    const f = testFlow();
    delete f.steps.simulador!.revisit;
    const strict = compileFlow(f, TEST_ENDPOINTS);
    const at = atToken();
    const t = transition(strict, at.state, { type: 'back' }, { now: 5000 });
    expect(t.state.step).toBe('token');
    expect(t.effects).toEqual([{ type: 'persist' }]);
  });
});
