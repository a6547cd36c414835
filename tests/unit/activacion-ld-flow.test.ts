/**
 * Plays /activacion-ld where the path tests cannot: the flow starts from the link texted
 * after an LD is signed (`?token=`), so every edge begins with a signed token. The link names
 * the application; the FR activation letter is shown; its code activates the credit. An
 * altered link is "06", an expired one "07", an LD already active "01", one not signed "03".
 * Also what the LD pages send with the offer: the product and channel of their link.
 */
import { describe, expect, it } from 'vitest';
import { compileFlow } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { FlowSession, readFlow } from './flow-session.ts';

const flow = compileFlow(readFlow('activacion-ld'), ENDPOINTS, {});
const PROSPECT = 700000061;
const LINK = {
  codRes: '00',
  data: { purpose: 'resume', kind: 'lde', codigoProspecto: PROSPECT, documento: '45678935' },
};
const CREDIT = {
  codRes: '00',
  data: [
    {
      codigoContrato: PROSPECT,
      estado: 10,
      firmado: true,
      monto: 1500,
      plazo: 12,
      cuota: 162.41,
      factorRecaudo: 1.5,
      cartaActivacion: '/kong/reporte/contrato/2/x.y.z',
    },
  ],
};

const opened = () => {
  const s = new FlowSession(flow, { token: 'a.b.c' });
  expect(s.state.step).toBe('enlace');
  expect(s.call).toMatchObject({ endpoint: 'jwt.validate', body: { token: 'a.b.c' } });
  return s;
};

/** The link accepted and the credit found: the letter is on screen. */
const atLetter = () => {
  const s = opened().answer(LINK);
  expect(s.state.step).toBe('credito');
  expect(s.call).toMatchObject({
    endpoint: 'credit.validateCredits',
    query: { codigoContrato: String(PROSPECT) },
  });
  return s.answer(CREDIT);
};

describe('/activacion-ld', () => {
  it('the letter shows the credit and the link to the FR activation letter', () => {
    const s = atLetter();
    expect(s.state.step).toBe('carta');
    expect(s.state.context).toMatchObject({
      codigoProspecto: PROSPECT,
      importeFinanciar: 1500,
      cuotas: 12,
      importeCuotas: 162.41,
      fr: 1.5,
      urlCartaActivacion: '/kong/reporte/contrato/2/x.y.z',
    });
  });

  it('accepting it texts the code; the code activates the credit and the end page says so', () => {
    const s = atLetter().submit();
    expect(s.call).toMatchObject({
      endpoint: 'contracts.sendToken',
      body: { codigoProspecto: PROSPECT, documento: '45678935' },
    });
    s.answer({ codRes: '00' });
    expect(s.state.step).toBe('codigo');
    s.submit({ token: '123456' });
    expect(s.call).toMatchObject({
      endpoint: 'credit.updateExpress',
      body: { codigoProspecto: PROSPECT, token: '123456' },
    });
    s.answer({ codRes: '00', estadoProspecto: 11 });
    expect(s.state.step).toBe('activado');
  });

  it('a wrong code says so and stays on the code', () => {
    const s = atLetter()
      .submit()
      .answer({ codRes: '00' })
      .submit({ token: '000000' })
      .answer({ codRes: '01' });
    expect(s.modal).toBe('tokenIncorrecto');
    expect(s.close().state.step).toBe('codigo');
  });

  it('the code sent again; a code that cannot be sent says so', () => {
    const s = atLetter().submit().answer({ codRes: '00' }).action('resend');
    expect(s.call).toMatchObject({ endpoint: 'contracts.sendToken' });
    expect(s.answer({ codRes: '01' }).modal).toBe('tokenNoEnviado');
    expect(atLetter().submit().answer({ codRes: '01' }).modal).toBe('tokenNoEnviado');
    expect(atLetter().submit().answer({ codRes: '99' }).modal).toBe('tokenNoEnviado');
  });

  it('an activation the service cannot make ends on a clear error, home after it', () => {
    const s = atLetter()
      .submit()
      .answer({ codRes: '00' })
      .submit({ token: '123456' })
      .answer({ codRes: '99' });
    expect(s.modal).toBe('errorActivacion');
    expect(s.close().effects).toContainEqual(expect.objectContaining({ type: 'navigate' }));
  });

  it.each([
    ['06', 'enlaceIncorrecto'],
    ['07', 'enlaceVencido'],
  ])('a link answered %s opens %s, and closing it goes home', (codRes, modal) => {
    const s = opened().answer({ codRes });
    expect(s.modal).toBe(modal);
    expect(s.close().effects).toContainEqual(expect.objectContaining({ type: 'navigate' }));
  });

  it('a link the service cannot check is a bad link', () => {
    expect(opened().fail().modal).toBe('enlaceIncorrecto');
    expect(opened().answer({ codRes: '99' }).modal).toBe('enlaceIncorrecto');
  });

  it.each([
    ['01', 'creditoActivado'],
    ['99', 'errorGenerico'],
  ])('the credit answered %s opens %s', (codRes, modal) => {
    const s = opened().answer(LINK).answer({ codRes });
    expect(s.modal).toBe(modal);
    expect(s.close().effects).toContainEqual(expect.objectContaining({ type: 'navigate' }));
  });
});

describe('what the LD pages send with the offer', () => {
  const form = {
    tipoDocumento: 1,
    documento: '45678935',
    placa: 'ABC-123',
    telefono: '987654321',
    terms: true,
  };
  const offer = (id: string, params: Record<string, string> = {}) =>
    new FlowSession(compileFlow(readFlow(id), ENDPOINTS, {}), params).submit(form).call;

  it.each([
    ['libre-disponibilidad', {}, 60, 8],
    ['libre-disponibilidad', { codigoProducto: '61', channel: '14' }, '61', '14'],
    ['libre-disponibilidad', { codigoProducto: '13', channel: '33' }, '13', '33'],
    ['ld-bancarizador', {}, 35, 8],
    ['ld-bancarizador', { codigoProducto: '37' }, '37', 8],
  ])('%s %j: product %s on channel %s', (id, params, codigoProducto, channel) => {
    const call = offer(id, params);
    expect(call.endpoint).toBe('lde.retanqueoOffer');
    expect(call.body).toMatchObject({ codigoProducto, channel, documento: '45678935', placa: 'ABC-123' });
  });
});
