/**
 * Helpers for the transition tests: the test flow compiled once, and short ways to reach each
 * of its steps (form sent, pre-evaluated with a code, waiting for the evaluation, simulating,
 * at the token step). Not used at run time.
 */
import { compileFlow } from './compile-flow.ts';
import { TEST_ENDPOINTS, testFlow } from './engine-fixture.ts';
import type { FlowEvent, Transition } from './engine-types.ts';
import { start } from './start.ts';
import { transition } from './transition.ts';

export const flow = compileFlow(testFlow(), TEST_ENDPOINTS);
export const NOW = { now: 5000 };

export const begin = (): Transition => start(flow, { session: 's1', params: { utm_source: 'google' } }, NOW);
export const next = (t: Transition, event: FlowEvent): Transition => transition(flow, t.state, event, NOW);
export const respond = (t: Transition, body: unknown): Transition =>
  next(t, { type: 'response', requestId: t.state.pending!.requestId, status: 200, body });
export const types = (t: Transition) => t.effects.map((e) => e.type);

export const lead = { dni: '01234567', celular: '987654321' };
export const submitted = () => next(begin(), { type: 'submit', data: lead });
export const preEvaluated = (codigoRespuesta: unknown, estadoProspecto = 92) =>
  respond(submitted(), { codigoRespuesta, prospecto: { codigoProspecto: 'P1', estadoProspecto } });
export const evaluating = () => preEvaluated(0);
export const simulating = () => respond(preEvaluated(4), { codRes: '00', plazos: '12,24,36' });
export const atToken = () => next(simulating(), { type: 'submit', data: { plazo: 24, monto: '1500' } });
