import { describe, expect, it } from 'vitest';
import type { Action } from './flow-types.ts';
import type { Effect, FlowState } from './engine-types.ts';
import { compileAction } from './compile-action.ts';
import { compileFlow } from './compile-flow.ts';
import { TEST_ENDPOINTS, testFlow } from './engine-fixture.ts';
import { decide, runAction } from './run-action.ts';
import { start } from './start.ts';

const flow = compileFlow(testFlow(), TEST_ENDPOINTS);

/** Runs one action on a state at the token step (history: datos, simulador). */
function run(action: Action, response: unknown = null) {
  const base = start(flow, { session: 's', params: { utm_source: 'x' } }, { now: 1 }).state;
  const state: FlowState = {
    ...base,
    step: 'token',
    history: ['datos', 'simulador'],
    context: { ...base.context, monto: 100 },
  };
  const effects: Effect[] = [];
  const compiled = compileAction(action, '/test', {
    stepIds: new Set(flow.steps.keys()),
    modalIds: new Set(flow.modals.keys()),
    origin: 'test',
    actions: new Map(),
  });
  runAction({ flow, state, effects, now: 1 }, compiled, { response });
  return { state, effects, types: effects.map((e) => e.type) };
}

describe('runAction: what each kind of action does', () => {
  it.each<[string, Action, string[], Partial<FlowState>]>([
    ['nothing: stay', {}, ['persist'], { step: 'token', done: false }],
    [
      'goto',
      { goto: 'final' },
      ['cancel-timers', 'persist'],
      { step: 'final', history: ['datos', 'simulador', 'token'] },
    ],
    [
      'modal',
      { modal: 'errorGenerico' },
      ['persist'],
      { step: 'token', modal: { id: 'errorGenerico', then: null } },
    ],
    [
      'reset',
      { reset: true },
      ['cancel-timers', 'clear-persisted', 'persist'],
      { step: 'datos', history: [] },
    ],
    ['home', { home: true }, ['cancel-timers', 'clear-persisted', 'navigate'], { done: true }],
    ['reload', { reload: true }, ['persist', 'reload'], { step: 'token', done: false }],
    ['redirect', { redirect: '/celulares' }, ['cancel-timers', 'persist', 'navigate'], { done: true }],
    ['back', { back: true }, ['cancel-timers', 'call', 'persist'], { step: 'simulador', history: ['datos'] }],
  ])('%s', (_name, action, effectTypes, expected) => {
    const result = run(action);
    expect(result.types).toEqual(effectTypes);
    expect(result.state).toMatchObject(expected);
  });

  it('navigates where home and redirect say', () => {
    expect(run({ home: true }).effects).toContainEqual({ type: 'navigate', to: '/' });
    expect(run({ redirect: 'https://example.pe/x' }).effects).toContainEqual({
      type: 'navigate',
      to: 'https://example.pe/x',
    });
  });

  it("opens a modal with then, else the modal's onClose, and remembers where that action is", () => {
    expect(run({ modal: 'tokenIncorrecto' }).state.modal).toEqual({
      id: 'tokenIncorrecto',
      then: { back: true },
      thenPath: '/modals/tokenIncorrecto/onClose',
    });
    expect(run({ modal: 'tokenIncorrecto', then: { goto: 'final' } }).state.modal).toEqual({
      id: 'tokenIncorrecto',
      then: { goto: 'final' },
      thenPath: '/test/then',
    });
  });

  it('sets values first (dotted keys nest), all read from the context as it was, then tracks', () => {
    const result = run(
      {
        set: {
          'oferta.monto': { '*': [{ var: 'context.monto' }, 2] },
          monto: 1,
          copia: { var: 'context.monto' },
          codigo: { var: 'response.codRes' },
        },
        track: 'conversion',
      },
      { codRes: '00' },
    );
    expect(result.state.context).toMatchObject({
      oferta: { monto: 200 },
      monto: 1,
      copia: 100,
      codigo: '00',
    });
    expect(result.effects[0]).toEqual({
      type: 'track',
      event: 'conversion',
      data: { flow: result.state.flowId, step: 'token' },
    });
  });
});

describe('decide', () => {
  const outcome = flow.steps.get('datos')!.calls.get('submit')!.outcome;
  const data = (response: unknown) => ({ response, context: {}, form: {}, params: {} });
  it.each<[string, unknown, string]>([
    [
      'first true rule wins over a matching case',
      { codigoRespuesta: 0, prospecto: { estadoProspecto: 99 } },
      'bloqueado',
    ],
    ['case by loose code', { codigoRespuesta: 4 }, 'simulador'],
    ['else when nothing matches', { codigoRespuesta: '04' }, 'errorGenerico'],
    ['else when the answer is not an object', 'texto', 'errorGenerico'],
  ])('%s', (_name, response, target) => {
    expect(decide(outcome, data(response)).target).toBe(target);
  });
});
