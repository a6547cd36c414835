/**
 * Plays `flows/vendemas.json` where the path tests cannot (they open it without a link): the
 * signed link texted to the customer (`?process=`) shows the offer at once and asks for the
 * identity after it is accepted; a partner's `?codigoProspecto=` opens the offer once its
 * holder passed the identity questions; a tampered or expired link, and every code of the
 * offer, leave the customer on a step of this page (no home link here).
 */
import { describe, expect, it } from 'vitest';
import { compileFlow } from '../../src/engine/index.ts';
import type { CompiledAction, CompiledFlow } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { FlowSession, readFlow } from './flow-session.ts';

const compiled: CompiledFlow = compileFlow(readFlow('vendemas'), ENDPOINTS, {
  'fragments/firma': readFlow('fragments/firma'),
});
const PROSPECT = 812345678;
const LINK = {
  codRes: '00',
  data: { purpose: 'sellMore', kind: 'lde', codigoProspecto: PROSPECT, documento: '45678912' },
};
const OFFER = {
  codRes: '00',
  data: {
    codigoProspecto: PROSPECT,
    documento: '45678912',
    montoMinimo: 300,
    montoOfertado: 2_530,
    plazos: '6,12,18,24',
    tea: 89,
    desgravamenMensual: 0.079,
  },
};

/** Opened from the texted link, the offer on screen. */
function fromLink(): FlowSession {
  const s = new FlowSession(compiled, { process: 'a.b.c' });
  expect(s.state.step).toBe('enlace');
  expect(s.call).toMatchObject({ endpoint: 'jwt.validate', body: { token: 'a.b.c' } });
  s.answer(LINK);
  expect(s.state.step).toBe('simulador');
  expect(s.call).toMatchObject({
    endpoint: 'lde.sellMoreSimulation',
    body: { codigoProspecto: PROSPECT },
  });
  return s.answer(OFFER);
}

describe('vende más opened from the link texted to the customer', () => {
  it('shows the stored offer: its bounds, terms and rate feed the simulator', () => {
    const s = fromLink();
    expect(s.state.step).toBe('simulador');
    expect(s.state.context).toMatchObject({ mafmax: 2_530, montoMinimo: 300, plazos: '6,12,18,24', tea: 89 });
  });

  it('accepting saves the amount and asks for the identity, then the confirmation', () => {
    const s = fromLink().submit({ importeFinanciar: 2_000, cuotas: 12, importeCuotas: 210.5, tasa: 89 });
    expect(s.call).toMatchObject({ endpoint: 'simulator.saveLoan', body: { importeFinanciar: 2_000 } });
    s.answer({ codRes: '00' });
    expect(s.state.step).toBe('validacionIdentidad');
    s.answer({ codRes: '20', preguntas: [] });
    s.submit({ respuestas: [] });
    expect(s.call.endpoint).toBe('customers.identityAnswers');
    s.answer({ codRes: '00' });
    expect(s.state.step).toBe('confirmacionDatos');
  });

  it('declining is recorded, then the reason is asked and recorded, and the end page offers another look', () => {
    const s = fromLink().action('rechazar');
    expect(s.call).toMatchObject({ endpoint: 'lde.rejectLoan', body: { codigoProspecto: PROSPECT } });
    s.answer({ codigoRespuesta: '10' });
    expect(s.state.step).toBe('motivoRechazo');
    s.submit({ motivo: 'CUOTA_ALTA', comentario: 'Prefiero cuotas más bajas' });
    expect(s.call).toMatchObject({
      endpoint: 'lde.rejectLoan',
      body: { codigoProspecto: PROSPECT, motivo: 'CUOTA_ALTA', comentario: 'Prefiero cuotas más bajas' },
    });
    s.answer({ codigoRespuesta: '10' });
    expect(s.state.step).toBe('rechazada');
    s.submit();
    expect(s.state.step).toBe('inicio');
  });

  it.each([
    ['06', 'enlaceIncorrecto'],
    ['07', 'enlaceVencido'],
  ])('a link answered %s tells so and leaves the data form', (codRes, modal) => {
    const s = new FlowSession(compiled, { process: 'a.b.c' }).answer({ codRes });
    expect(s.modal).toBe(modal);
    s.close();
    expect(s.state.step).toBe('inicio');
    expect(s.effects).not.toContainEqual(expect.objectContaining({ type: 'navigate' }));
  });
});

describe("vende más opened with a partner's ?codigoProspecto=", () => {
  const opened = () => {
    const s = new FlowSession(compiled, { codigoProspecto: String(PROSPECT) });
    s.answer({ codRes: '06' });
    expect(s.state.step).toBe('simulador');
    expect(s.call).toMatchObject({
      endpoint: 'lde.sellMoreSimulation',
      body: { codigoProspecto: String(PROSPECT) },
    });
    return s;
  };

  it('"01": the figures wait for the identity questions, then the offer and straight to the confirmation', () => {
    const s = opened().answer({ codRes: '01' });
    expect(s.state.step).toBe('validacionIdentidad');
    s.answer({ codRes: '20', preguntas: [] }).submit({ respuestas: [] }).answer({ codRes: '00' });
    expect(s.state.step).toBe('simulador');
    s.answer(OFFER).submit({ importeFinanciar: 1_500, cuotas: 6, importeCuotas: 280, tasa: 89 });
    s.answer({ codRes: '00' });
    expect(s.state.step).toBe('confirmacionDatos');
  });

  it.each([
    ['03', 'sinInformacion'],
    ['04', 'prestamoAprobado'],
    ['05', 'noCalificado'],
    ['99', 'errorGenerico'],
  ])('"%s" opens %s and leads back to the data form, never home', (codRes, modal) => {
    const s = opened().answer({ codRes });
    expect(s.modal).toBe(modal);
    s.close();
    expect(s.state.step).toBe('inicio');
    expect(s.effects).not.toContainEqual(expect.objectContaining({ type: 'navigate' }));
  });
});

describe('vende más without a link', () => {
  it("opens the application with the customer's data on the harvest channel and product 13", () => {
    const s = new FlowSession(compiled);
    expect(s.state.step).toBe('inicio');
    expect(s.state.pending).toBeNull();
    expect(s.modal).toBeNull();
    s.submit({
      tipoDocumento: 1,
      documento: '45678912',
      placa: 'ABC-123',
      telefono: '987654321',
      terms: true,
    });
    expect(s.call).toMatchObject({
      endpoint: 'lde.retanqueoOffer',
      body: { documento: '45678912', codigoProducto: 13, channel: 12 },
    });
  });
});

/** Every action a step can take, and what closing each modal it opens then does. */
function reachableActions(flow: CompiledFlow): CompiledAction[] {
  const out: CompiledAction[] = [];
  const visit = (action: CompiledAction | null): void => {
    if (action === null) return;
    out.push(action);
    if (action.kind !== 'modal') return;
    const modal = flow.modals.get(action.target ?? '');
    if (action.then !== null) visit(action.then);
    else if (modal !== undefined) visit(modal.onClose);
    modal?.buttons.forEach(visit);
  };
  for (const step of flow.steps.values()) {
    visit(step.next);
    for (const timer of step.timers) visit(timer.do);
    const outcomes = [...step.calls.values()].map((c) => c.outcome);
    if (step.wait) outcomes.push(step.wait.outcome);
    for (const o of outcomes) {
      o.rules.forEach((r) => visit(r.then));
      visit(o.else);
      visit(o.onError);
    }
  }
  return out;
}

describe('no way off the page', () => {
  it('the flow takes the side drawer and the home link off its pages ("menu": false)', () => {
    expect(compiled.flow.menu).toBe(false);
  });

  it('no action of the flow, nor the closing of a modal it opens, goes home or to another address', () => {
    const away = reachableActions(compiled).filter((a) => a.kind === 'home' || a.kind === 'redirect');
    expect(away.map((a) => a.path)).toEqual([]);
  });

  it('every end page has a button that leads to a step of this page', () => {
    for (const id of ['rechazada', 'felicitaciones']) {
      const step = compiled.steps.get(id)!;
      expect(step.step.props?.button, id).toBe('vendemas.otraConsulta');
      expect(step.next).toMatchObject({ kind: 'goto', target: 'inicio' });
    }
  });
});
