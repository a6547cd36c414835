import { describe, expect, it } from 'vitest';
import { compileFlow } from './compile-flow.ts';
import { TEST_ENDPOINTS, testFlow } from './engine-fixture.ts';
import { start } from './start.ts';

describe('start', () => {
  it('builds the context from defaults, the start context and only the listed URL parameters', () => {
    const flow = compileFlow(testFlow(), TEST_ENDPOINTS);
    const { state, effects } = start(
      flow,
      {
        session: 's1',
        params: { utm_source: 'google', token: 'secreto' },
        context: { codigoEntidad: 1008, canalAtencion: 5 },
      },
      { now: 1000 },
    );
    expect(state).toEqual({
      flowId: 'prueba',
      session: 's1',
      seq: 0,
      step: 'datos',
      history: [],
      context: { tipoDocumento: 1, canalAtencion: 5, origen: 4, codigoEntidad: 1008, utm_source: 'google' },
      forms: {},
      params: { utm_source: 'google' },
      modal: null,
      pending: null,
      waiting: null,
      error: null,
      done: false,
      startContext: { codigoEntidad: 1008, canalAtencion: 5 },
    });
    expect(effects).toEqual([{ type: 'persist' }]);
  });

  it('enters a start step that has an enter call, a wait and timers', () => {
    const raw = testFlow();
    raw.start = 'simulador';
    raw.context = { codigoProspecto: 'P1' };
    const { state, effects } = start(compileFlow(raw, TEST_ENDPOINTS), { session: 's2' });
    expect(effects.map((e) => e.type)).toEqual(['call', 'persist']);
    expect(state.pending).toMatchObject({ requestId: 's2:1', trigger: 'enter', endpoint: 'lde.simulation' });
    expect(state).not.toHaveProperty('startContext');
  });

  it('does not share the flow defaults with the state', () => {
    const raw = testFlow();
    raw.context = { lista: [1] };
    const flow = compileFlow(raw, TEST_ENDPOINTS);
    const first = start(flow, { session: 'a' }).state;
    (first.context.lista as number[]).push(2);
    expect(start(flow, { session: 'b' }).state.context.lista).toEqual([1]);
  });

  it('starts at the step of the first `startFrom` parameter the URL carries, else at `start`', () => {
    const raw = testFlow();
    raw.params = [...(raw.params ?? []), 'cotizacion'];
    raw.startFrom = { cotizacion: 'simulador' };
    raw.context = { codigoProspecto: 'P1' };
    const flow = compileFlow(raw, TEST_ENDPOINTS);
    expect(start(flow, { session: 's', params: { cotizacion: 'jwt' } }).state.step).toBe('simulador');
    expect(start(flow, { session: 's', params: {} }).state.step).toBe('datos');
    raw.startFrom = { otro: 'simulador' };
    expect(() => compileFlow(raw, TEST_ENDPOINTS)).toThrow(/"params" does not list/);
    raw.startFrom = { cotizacion: 'simuladr' };
    expect(() => compileFlow(raw, TEST_ENDPOINTS)).toThrow(/does not have/);
  });

  it('fills the entered step with its `prefill` values from the context, under what was typed there', () => {
    const raw = testFlow();
    raw.context = { ...raw.context, documento: '45678912', telefono: '' };
    raw.steps.datos!.prefill = {
      dni: { var: 'context.documento' },
      celular: { var: 'context.telefono' },
      correo: { var: 'context.email' },
    };
    const flow = compileFlow(raw, TEST_ENDPOINTS);
    const { state } = start(flow, { session: 's' });
    // Empty and absent values are left out, so the form shows its own defaults.
    expect(state.forms).toEqual({ datos: { dni: '45678912' } });
  });
});
