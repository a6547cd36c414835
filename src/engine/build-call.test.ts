import { describe, expect, it } from 'vitest';
import { buildCall, issueCall } from './build-call.ts';
import { compileFlow } from './compile-flow.ts';
import { TEST_ENDPOINTS, testFlow } from './engine-fixture.ts';
import type { Effect, FlowState } from './engine-types.ts';

const flow = compileFlow(testFlow(), TEST_ENDPOINTS);
const call = (step: string, trigger: string) => flow.steps.get(step)!.calls.get(trigger)!;

const scope = {
  context: { tipoDocumento: 1, canalAtencion: 2, codigoProspecto: 'P 7/1', monto: 1500 },
  form: { dni: '01234567', celular: '987654321', plazo: 24 },
  params: { utm_source: 'google' },
};

describe('buildCall', () => {
  it('merges the from scopes in order, then with, for a POST body', () => {
    const effect = buildCall(call('datos', 'submit'), scope, 's1:3');
    expect(effect).toEqual({
      type: 'call',
      requestId: 's1:3',
      endpoint: 'lde.preEvaluate',
      method: 'POST',
      path: '/v4/prospecto/v2.0/producto/lde',
      query: {},
      body: { ...scope.context, ...scope.form, ...scope.params, documento: '01234567' },
      timeoutMs: 30000,
      idempotent: true,
    });
  });

  it('fills path placeholders URL-encoded, adds the fixed query, sends no body for GET', () => {
    const effect = buildCall(call('simulador', 'enter'), scope, 's1:4');
    expect(effect.path).toBe('/kong/prospecto/v2.0/simular/P%207%2F1');
    expect(effect.query).toEqual({ tipo: '2', monto: '1500', plazo: '24' });
    expect(effect.body).toBeNull();
    expect(effect.idempotent).toBe(false);
    expect(effect.timeoutMs).toBe(60000);
  });

  it('leaves out query values that are missing instead of sending "null"', () => {
    const effect = buildCall(
      call('simulador', 'enter'),
      { ...scope, context: { codigoProspecto: 1 }, form: {} },
      's1:5',
    );
    expect(effect.query).toEqual({ tipo: '2' });
  });

  it('keeps only the picked fields', () => {
    expect(buildCall(call('simulador', 'resend'), scope, 's1:6').body).toEqual({ codigoProspecto: 'P 7/1' });
  });

  it('fills a constant placeholder and sends the form with the context value', () => {
    const effect = buildCall(call('token', 'submit'), { ...scope, form: { token: '123456' } }, 's1:7');
    expect(effect.path).toBe('/kong/token/CREDINSTANTE/validar');
    expect(effect.body).toEqual({ token: '123456', codigoProspecto: 'P 7/1' });
  });
});

describe('issueCall', () => {
  it('takes a fresh seq for a unique request id and marks the call pending', () => {
    const state = {
      session: 'abc',
      seq: 4,
      step: 'datos',
      context: {},
      forms: { datos: { dni: '1' } },
      params: {},
      pending: null,
    } as unknown as FlowState;
    const effects: Effect[] = [];
    issueCall(state, effects, call('datos', 'submit'));
    expect(state.seq).toBe(5);
    expect(state.pending).toEqual({
      requestId: 'abc:5',
      step: 'datos',
      trigger: 'submit',
      endpoint: 'lde.preEvaluate',
    });
    expect(effects).toMatchObject([{ type: 'call', requestId: 'abc:5', body: { dni: '1', documento: '1' } }]);
  });
});
