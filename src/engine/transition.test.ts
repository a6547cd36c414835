import { describe, expect, it } from 'vitest';
import { compileFlow } from './compile-flow.ts';
import { TEST_ENDPOINTS, testFlow } from './engine-fixture.ts';
import type { FlowEvent, Transition } from './engine-types.ts';
import { start } from './start.ts';
import { transition } from './transition.ts';

const flow = compileFlow(testFlow(), TEST_ENDPOINTS);
const NOW = { now: 5000 };

const begin = (): Transition => start(flow, { session: 's1', params: { utm_source: 'google' } }, NOW);
const next = (t: Transition, event: FlowEvent): Transition => transition(flow, t.state, event, NOW);
const respond = (t: Transition, body: unknown): Transition =>
  next(t, { type: 'response', requestId: t.state.pending!.requestId, status: 200, body });
const types = (t: Transition) => t.effects.map((e) => e.type);

const lead = { dni: '01234567', celular: '987654321' };
const submitted = () => next(begin(), { type: 'submit', data: lead });
const preEvaluated = (codigoRespuesta: unknown, estadoProspecto = 92) =>
  respond(submitted(), { codigoRespuesta, prospecto: { codigoProspecto: 'P1', estadoProspecto } });
const evaluating = () => preEvaluated(0);
const simulating = () => respond(preEvaluated(4), { codRes: '00', plazos: '12,24,36' });
const atToken = () => next(simulating(), { type: 'submit', data: { plazo: 24, monto: '1500' } });

describe('submit', () => {
  it('stores the form and asks for the step\'s call', () => {
    const t = submitted();
    expect(t.state.forms.datos).toEqual(lead);
    expect(types(t)).toEqual(['call', 'persist']);
    expect(t.state.pending).toEqual({ requestId: 's1:2', step: 'datos', trigger: 'submit', endpoint: 'lde.preEvaluate' });
  });

  it('ignores a second submit while the call is pending (no double submission)', () => {
    const t = submitted();
    const again = next(t, { type: 'submit', data: { ...lead, dni: '7' } });
    expect(again.state).toBe(t.state);
    expect(again.effects).toEqual([]);
  });

  it('runs next when the step has no call for the trigger', () => {
    const t = atToken();
    expect(t.state.step).toBe('token');
    expect(t.state.context.simulacion).toEqual({ plazo: 24, monto: 1500 });
    expect(types(t)).toEqual(['timer', 'persist']);
  });
});

describe('response', () => {
  it.each<[string, unknown, number, string, string | null]>([
    ['code 0 (a number) matches case "0"', 0, 92, 'evaluacion', null],
    ['code "0" matches case "0"', '0', 92, 'evaluacion', null],
    ['code "4" goes to the simulator', '4', 92, 'simulador', null],
    ['code -6 matches case "-6"', -6, 92, 'datos', 'listaDeEspera'],
    ['code "00" does not match case "0": fallback', '00', 92, 'datos', 'errorGenerico'],
    ['an unknown code falls back to else', 77, 92, 'datos', 'errorGenerico'],
    ['a missing code falls back to else', undefined, 92, 'datos', 'errorGenerico'],
    ['a rule is checked before the cases', 0, 99, 'datos', 'bloqueado'],
  ])('%s', (_name, code, estado, step, modal) => {
    const t = preEvaluated(code, estado);
    expect(t.state.step).toBe(step);
    expect(t.state.modal?.id ?? null).toBe(modal);
    // The submit's call is answered; only an enter call of the new step may be pending.
    expect(t.state.pending?.trigger).not.toBe('submit');
  });

  it('assigns into the context, tracks, and enters the next step with its wait and timers', () => {
    const t = evaluating();
    expect(t.state.context.codigoProspecto).toBe('P1');
    expect(t.state.history).toEqual(['datos']);
    expect(t.state.waiting).toEqual({ step: 'evaluacion', startedAt: 5000 });
    expect(t.effects).toEqual([
      { type: 'track', event: 'preevaluacion-ok', data: t.state.context },
      { type: 'socket', step: 'evaluacion', namespace: '/credinstante', event: 'evaluacion', room: 'P1', maxMs: 180000 },
      { type: 'timer', id: 'fase2', ms: 5000 },
      { type: 'timer', id: 'fase3', ms: 10000 },
      { type: 'persist' },
    ]);
  });

  it('ignores a stale answer: another request id, or one already answered', () => {
    const t = submitted();
    const stale = next(t, { type: 'response', requestId: 's1:1', status: 200, body: { codigoRespuesta: 0 } });
    expect(stale.state).toBe(t.state);
    expect(stale.effects).toEqual([]);
    const answered = respond(t, { codigoRespuesta: 77 });
    const late = next(answered, { type: 'response', requestId: t.state.pending!.requestId, status: 200, body: { codigoRespuesta: 0 } });
    expect(late.state).toBe(answered.state);
  });

  it('runs an enter call on entering and reads its answer', () => {
    const entered = preEvaluated(4);
    expect(entered.effects[0]).toMatchObject({ type: 'call', method: 'GET', path: '/kong/prospecto/v2.0/simular/P1' });
    const t = respond(entered, { codRes: '00', plazos: '12,24,36' });
    expect(t.state.context.plazos).toEqual([12, 24, 36]);
    expect(t.state.step).toBe('simulador');
    expect(types(t)).toEqual(['persist']);
  });
});

describe('modals', () => {
  it('runs the action\'s then on close, before the modal\'s own onClose', () => {
    const t = next(preEvaluated(-6), { type: 'modal-closed' });
    expect(t.state.done).toBe(true);
    expect(t.effects).toEqual([{ type: 'clear-persisted' }, { type: 'navigate', to: '/' }]);
  });

  it('runs the modal\'s onClose when the action has no then', () => {
    const opened = preEvaluated(10);
    expect(opened.state.modal).toMatchObject({ id: 'solicitudEnProceso', then: { reset: true } });
    const t = next(opened, { type: 'modal-closed' });
    expect(t.state.step).toBe('datos');
    expect(t.state.forms).toEqual({});
    expect(types(t)).toEqual(['clear-persisted', 'persist']);
  });

  it('closes a modal with no then and stays', () => {
    const t = next(preEvaluated(77), { type: 'modal-closed' });
    expect(t.state.modal).toBeNull();
    expect(t.state.step).toBe('datos');
    expect(types(t)).toEqual(['persist']);
  });

  it('runs the pressed button\'s action', () => {
    const rejected = next(evaluating(), { type: 'socket', step: 'evaluacion', message: { estado: 0 } });
    expect(rejected.state.modal?.id).toBe('rechazado');
    const leave = next(rejected, { type: 'modal-closed', button: 0 });
    expect(leave.state.done).toBe(true);
    expect(leave.effects).toEqual([{ type: 'cancel-timers' }, { type: 'persist' }, { type: 'navigate', to: '/celulares' }]);
    const retry = next(rejected, { type: 'modal-closed', button: 1 });
    expect(retry.state.step).toBe('datos');
    expect(retry.state.history).toEqual([]);
  });

  it('gives the modal the answer\'s plain fields to show', () => {
    const t = respond(submitted(), { codigoRespuesta: 10, detalleRespuesta: 'Ya tiene una solicitud', prospecto: {} });
    expect(t.state.modal?.vars).toEqual({ codigoRespuesta: 10, detalleRespuesta: 'Ya tiene una solicitud' });
  });

  it('ignores modal-closed with no modal open', () => {
    const t = begin();
    expect(next(t, { type: 'modal-closed' }).state).toBe(t.state);
  });
});

describe('failure', () => {
  it('opens the built-in $error modal with the message and stays when there is no onError', () => {
    const t = submitted();
    const failed = next(t, { type: 'failure', requestId: t.state.pending!.requestId, kind: 'timeout', message: 'El servicio no respondió' });
    expect(failed.state.pending).toBeNull();
    expect(failed.state.error).toEqual({ kind: 'timeout', message: 'El servicio no respondió' });
    expect(failed.state.modal).toEqual({ id: '$error', then: null, vars: { message: 'El servicio no respondió', kind: 'timeout' } });
    const closed = next(failed, { type: 'modal-closed' });
    expect(closed.state.step).toBe('datos');
    expect(closed.state.modal).toBeNull();
    // The applicant can send the form again.
    expect(types(next(closed, { type: 'submit', data: lead }))).toEqual(['call', 'persist']);
  });

  it('runs onError with the error in scope', () => {
    const t = next(atToken(), { type: 'submit', data: { token: '123456' } });
    const failed = next(t, { type: 'failure', requestId: t.state.pending!.requestId, kind: 'server', message: 'Error 500', status: 500 });
    expect(failed.state.context.errorToken).toBe('server');
    expect(failed.state.modal?.id).toBe('errorGenerico');
  });

  it('ignores a stale failure', () => {
    const t = submitted();
    expect(next(t, { type: 'failure', requestId: 'x', kind: 'network', message: 'm' }).state).toBe(t.state);
  });
});

describe('timers', () => {
  it('runs the current step\'s timer action', () => {
    const t = next(evaluating(), { type: 'timer', id: 'fase2' });
    expect(t.state.context.fase).toBe(2);
    expect(types(t)).toEqual(['persist']);
    const slow = next(t, { type: 'timer', id: 'fase3' });
    expect(slow.effects).toEqual([{ type: 'track', event: 'evaluacion-lenta', data: slow.state.context }, { type: 'persist' }]);
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
    expect(next(ended, { type: 'socket', step: 'evaluacion', message: { estado: 1 } }).state).toBe(ended.state);
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
    const t = next(next(atToken(), { type: 'back' }), { type: 'back' });
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
    expect(() => transition(flow, saved, { type: 'submit', data: lead }, NOW)).toThrow(/step "pasoViejo", which the flow "prueba" does not have/);
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
    expect(t.effects[0]).toMatchObject({ type: 'call', endpoint: 'token.resend', body: { codigoProspecto: 'P1' } });
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
    (t) => ({ type: 'response', requestId: t.state.pending!.requestId, status: 200, body: { codigoRespuesta: 10 } }),
    () => ({ type: 'modal-closed' }),
    () => ({ type: 'submit', data: lead }),
    (t) => ({ type: 'response', requestId: t.state.pending!.requestId, status: 200, body: { codigoRespuesta: '0', prospecto: { codigoProspecto: 'P9' } } }),
    () => ({ type: 'timer', id: 'fase2' }),
    () => ({ type: 'socket', step: 'evaluacion', message: { estado: 1 } }),
    (t) => ({ type: 'response', requestId: t.state.pending!.requestId, status: 200, body: { codRes: '00', plazos: '12,24' } }),
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
