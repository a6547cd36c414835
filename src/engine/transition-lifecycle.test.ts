import { describe, expect, it } from 'vitest';
import type { FlowEvent, Transition } from './engine-types.ts';
import { start } from './start.ts';
import { transition } from './transition.ts';
import {
  atToken,
  begin,
  evaluating,
  flow,
  lead,
  next,
  NOW,
  preEvaluated,
  respond,
  simulating,
  types,
} from './transition-harness.ts';

describe('timers', () => {
  it("runs the current step's timer action", () => {
    const t = next(evaluating(), { type: 'timer', id: 'fase2' });
    expect(t.state.context.fase).toBe(2);
    expect(types(t)).toEqual(['persist']);
    const slow = next(t, { type: 'timer', id: 'fase3' });
    expect(slow.effects).toEqual([
      { type: 'track', event: 'evaluacion-lenta', data: { flow: slow.state.flowId, step: 'evaluacion' } },
      { type: 'persist' },
    ]);
  });

  it('ignores a timer of another step', () => {
    const t = evaluating();
    expect(next(t, { type: 'timer', id: 'expira' }).state).toBe(t.state);
  });

  it('cancels the timers when leaving the step', () => {
    const t = next(atToken(), { type: 'timer', id: 'expira' });
    expect(t.state.step).toBe('simulador');
    expect(types(t)[0]).toBe('cancel-timers');
  });
});

describe('socket wait', () => {
  it('reads the message like an answer: assign, then the outcome', () => {
    const t = next(evaluating(), { type: 'socket', step: 'evaluacion', message: { estado: '1' } });
    expect(t.state.context.estadoEvaluacion).toBe('1');
    expect(t.state.step).toBe('simulador');
    expect(t.state.waiting).toBeNull();
    expect(types(t)).toEqual(['cancel-socket', 'cancel-timers', 'call', 'persist']);
  });

  it('falls back to else for an unknown message', () => {
    const t = next(evaluating(), { type: 'socket', step: 'evaluacion', message: { estado: 7 } });
    expect(t.state.step).toBe('datos');
    expect(types(t)).toEqual(['cancel-socket', 'cancel-timers', 'clear-persisted', 'persist']);
  });

  it('runs the timeout action when the maximum wait passes', () => {
    const t = next(evaluating(), { type: 'socket-timeout', step: 'evaluacion' });
    expect(t.state.modal?.id).toBe('tiempoAgotado');
    expect(t.state.waiting).toBeNull();
    const closed = next(t, { type: 'modal-closed' });
    expect(closed.effects).toEqual([{ type: 'persist' }, { type: 'reload' }]);
    expect(closed.state.done).toBe(false);
  });

  it('ignores a message for another step, or after the wait ended', () => {
    const t = evaluating();
    expect(next(t, { type: 'socket', step: 'datos', message: { estado: 1 } }).state).toBe(t.state);
    const ended = next(t, { type: 'socket-timeout', step: 'evaluacion' });
    expect(next(ended, { type: 'socket', step: 'evaluacion', message: { estado: 1 } }).state).toBe(
      ended.state,
    );
  });
});

describe('back and reset', () => {
  it('goes back to the previous step and re-runs its enter call', () => {
    const t = next(atToken(), { type: 'back' });
    expect(t.state.step).toBe('simulador');
    expect(t.state.history).toEqual(['datos']);
    expect(t.state.forms.simulador).toEqual({ plazo: 24, monto: '1500' });
    expect(types(t)).toEqual(['cancel-timers', 'call', 'persist']);
  });

  it('goes back to a step without an enter call without calling', () => {
    const back = next(atToken(), { type: 'back' });
    const t = next(respond(back, { codRes: '00', plazos: '12,24' }), { type: 'back' });
    expect(t.state.step).toBe('datos');
    expect(types(t)).toEqual(['persist']);
  });

  it('stays when there is no history', () => {
    const t = next(begin(), { type: 'back' });
    expect(t.state.step).toBe('datos');
    expect(types(t)).toEqual(['persist']);
  });

  it('resets to a fresh state of the same session and parameters, keeping seq growing', () => {
    const before = evaluating();
    const t = next(before, { type: 'reset' });
    expect(t.state).toEqual({ ...begin().state, seq: before.state.seq + 1 });
    expect(types(t)).toEqual(['cancel-timers', 'cancel-socket', 'clear-persisted', 'persist']);
  });

  it('refuses a saved state at a step the flow no longer has, and lets reset start again', () => {
    const saved = { ...begin().state, step: 'pasoViejo' };
    expect(() => transition(flow, saved, { type: 'submit', data: lead }, NOW)).toThrow(
      /step "pasoViejo", which the flow "prueba" does not have/,
    );
    const t = transition(flow, saved, { type: 'reset' }, NOW);
    expect(t.state.step).toBe('datos');
    expect(types(t)).toEqual(['clear-persisted', 'persist']);
  });

  it('keeps the start context through a reset', () => {
    const first = start(flow, { session: 'p', context: { codigoEntidad: 1008 } }, NOW);
    const t = next(next(first, { type: 'change', data: { dni: '1' } }), { type: 'reset' });
    expect(t.state.context.codigoEntidad).toBe(1008);
    expect(t.state.forms).toEqual({});
  });

  it('cuts the history back when a step already in it is entered again', () => {
    const rejected = next(evaluating(), { type: 'socket', step: 'evaluacion', message: { estado: 0 } });
    const retry = next(rejected, { type: 'modal-closed', button: 1 });
    expect(retry.state.history).toEqual([]);
  });
});

describe('change and actions', () => {
  it('stores the form on change without calling', () => {
    const t = next(begin(), { type: 'change', data: { dni: '0123' } });
    expect(t.state.forms.datos).toEqual({ dni: '0123' });
    expect(types(t)).toEqual(['persist']);
  });

  it('runs the call named by an action', () => {
    const t = next(simulating(), { type: 'action', name: 'resend' });
    expect(t.effects[0]).toMatchObject({
      type: 'call',
      endpoint: 'token.resend',
      body: { codigoProspecto: 'P1' },
    });
    expect(next(t, { type: 'action', name: 'resend' }).state).toBe(t.state);
    expect(respond(t, {}).state.step).toBe('simulador');
  });

  it('ignores an action the step has no call for, unless it brings data', () => {
    const t = begin();
    expect(next(t, { type: 'action', name: 'nada' }).state).toBe(t.state);
    expect(next(t, { type: 'action', name: 'nada', data: { a: 1 } }).state.forms.datos).toEqual({ a: 1 });
  });
});

describe('the state', () => {
  it('bumps seq on every change', () => {
    const a = begin();
    const b = next(a, { type: 'change', data: {} });
    expect(b.state.seq).toBe(a.state.seq + 1);
    expect(next(b, { type: 'timer', id: 'x' }).state.seq).toBe(b.state.seq);
  });

  it('never changes the state it is given', () => {
    const t = evaluating();
    const copy = structuredClone(t.state);
    next(t, { type: 'socket', step: 'evaluacion', message: { estado: 1 } });
    next(t, { type: 'timer', id: 'fase2' });
    next(t, { type: 'reset' });
    expect(t.state).toEqual(copy);
  });

  it('ignores every event but reset once the flow is done', () => {
    const done = next(preEvaluated(-6), { type: 'modal-closed' });
    expect(next(done, { type: 'submit', data: lead }).state).toBe(done.state);
    expect(next(done, { type: 'reset' }).state.done).toBe(false);
  });

  /** A whole application; at every point the state goes through JSON and must play the same. */
  const journey: ((t: Transition) => FlowEvent)[] = [
    () => ({ type: 'change', data: { dni: '0' } }),
    () => ({ type: 'submit', data: lead }),
    (t) => ({
      type: 'response',
      requestId: t.state.pending!.requestId,
      status: 200,
      body: { codigoRespuesta: 10 },
    }),
    () => ({ type: 'modal-closed' }),
    () => ({ type: 'submit', data: lead }),
    (t) => ({
      type: 'response',
      requestId: t.state.pending!.requestId,
      status: 200,
      body: { codigoRespuesta: '0', prospecto: { codigoProspecto: 'P9' } },
    }),
    () => ({ type: 'timer', id: 'fase2' }),
    () => ({ type: 'socket', step: 'evaluacion', message: { estado: 1 } }),
    (t) => ({
      type: 'response',
      requestId: t.state.pending!.requestId,
      status: 200,
      body: { codRes: '00', plazos: '12,24' },
    }),
    () => ({ type: 'submit', data: { plazo: 12, monto: '900' } }),
    () => ({ type: 'submit', data: { token: '000000' } }),
    (t) => ({ type: 'response', requestId: t.state.pending!.requestId, status: 200, body: { codRes: '01' } }),
    () => ({ type: 'modal-closed' }),
    () => ({ type: 'submit', data: { plazo: 12, monto: '900' } }),
    () => ({ type: 'submit', data: { token: '123456' } }),
    (t) => ({ type: 'response', requestId: t.state.pending!.requestId, status: 200, body: { codRes: '00' } }),
  ];

  it('plays the same after a JSON round trip at every point (persistence)', () => {
    let live = begin();
    for (const makeEvent of journey) {
      const event = makeEvent(live);
      const resumed = JSON.parse(JSON.stringify(live.state)) as Transition['state'];
      const fromLive = next(live, event);
      const fromResumed = transition(flow, resumed, event, NOW);
      expect(fromResumed).toEqual(fromLive);
      live = fromLive;
    }
    expect(live.state.step).toBe('final');
    expect(live.state.history).toEqual(['datos', 'evaluacion', 'simulador', 'token']);
  });

  it('finds a stored then again even when the state has no pointer to it', () => {
    const opened = preEvaluated(-6);
    const old = { ...opened.state, modal: { id: 'listaDeEspera', then: { home: true as const } } };
    expect(transition(flow, old, { type: 'modal-closed' }, NOW).state.done).toBe(true);
  });
});
