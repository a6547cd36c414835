import { describe, expect, it } from 'vitest';
import {
  atToken,
  begin,
  evaluating,
  lead,
  next,
  preEvaluated,
  respond,
  submitted,
  types,
} from './transition-harness.ts';

describe('submit', () => {
  it("stores the form and asks for the step's call", () => {
    const t = submitted();
    expect(t.state.forms.datos).toEqual(lead);
    expect(types(t)).toEqual(['call', 'persist']);
    expect(t.state.pending).toEqual({
      requestId: 's1:2',
      step: 'datos',
      trigger: 'submit',
      endpoint: 'lde.preEvaluate',
    });
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
      { type: 'track', event: 'preevaluacion-ok', data: { flow: t.state.flowId, step: 'datos' } },
      {
        type: 'socket',
        step: 'evaluacion',
        namespace: '/credinstante',
        event: 'evaluacion',
        room: 'P1',
        maxMs: 180000,
      },
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
    const late = next(answered, {
      type: 'response',
      requestId: t.state.pending!.requestId,
      status: 200,
      body: { codigoRespuesta: 0 },
    });
    expect(late.state).toBe(answered.state);
  });

  it('runs an enter call on entering and reads its answer', () => {
    const entered = preEvaluated(4);
    expect(entered.effects[0]).toMatchObject({
      type: 'call',
      method: 'GET',
      path: '/kong/prospecto/v2.0/simular/P1',
    });
    const t = respond(entered, { codRes: '00', plazos: '12,24,36' });
    expect(t.state.context.plazos).toEqual([12, 24, 36]);
    expect(t.state.step).toBe('simulador');
    expect(types(t)).toEqual(['persist']);
  });
});

describe('modals', () => {
  it("runs the action's then on close, before the modal's own onClose", () => {
    const t = next(preEvaluated(-6), { type: 'modal-closed' });
    expect(t.state.done).toBe(true);
    expect(t.effects).toEqual([{ type: 'clear-persisted' }, { type: 'navigate', to: '/' }]);
  });

  it("runs the modal's onClose when the action has no then", () => {
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

  it("runs the pressed button's action", () => {
    const rejected = next(evaluating(), { type: 'socket', step: 'evaluacion', message: { estado: 0 } });
    expect(rejected.state.modal?.id).toBe('rechazado');
    const leave = next(rejected, { type: 'modal-closed', button: 0 });
    expect(leave.state.done).toBe(true);
    expect(leave.effects).toEqual([
      { type: 'cancel-timers' },
      { type: 'persist' },
      { type: 'navigate', to: '/celulares' },
    ]);
    const retry = next(rejected, { type: 'modal-closed', button: 1 });
    expect(retry.state.step).toBe('datos');
    expect(retry.state.history).toEqual([]);
  });

  it("gives the modal the answer's plain fields to show", () => {
    const t = respond(submitted(), {
      codigoRespuesta: 10,
      detalleRespuesta: 'Ya tiene una solicitud',
      prospecto: {},
    });
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
    const failed = next(t, {
      type: 'failure',
      requestId: t.state.pending!.requestId,
      kind: 'timeout',
      message: 'El servicio no respondió',
    });
    expect(failed.state.pending).toBeNull();
    expect(failed.state.error).toEqual({ kind: 'timeout', message: 'El servicio no respondió' });
    expect(failed.state.modal).toEqual({
      id: '$error',
      then: null,
      vars: { message: 'El servicio no respondió', kind: 'timeout' },
    });
    const closed = next(failed, { type: 'modal-closed' });
    expect(closed.state.step).toBe('datos');
    expect(closed.state.modal).toBeNull();
    // The applicant can send the form again.
    expect(types(next(closed, { type: 'submit', data: lead }))).toEqual(['call', 'persist']);
  });

  it('runs onError with the error in scope', () => {
    const t = next(atToken(), { type: 'submit', data: { token: '123456' } });
    const failed = next(t, {
      type: 'failure',
      requestId: t.state.pending!.requestId,
      kind: 'server',
      message: 'Error 500',
      status: 500,
    });
    expect(failed.state.context.errorToken).toBe('server');
    expect(failed.state.modal?.id).toBe('errorGenerico');
  });

  it('ignores a stale failure', () => {
    const t = submitted();
    expect(next(t, { type: 'failure', requestId: 'x', kind: 'network', message: 'm' }).state).toBe(t.state);
  });
});
