/**
 * Plays `flows/firma-electronica.json`, where the signature link texted to a motorcycle
 * applicant lands: the link is validated, the application read, and the shared signature
 * steps (fragment `firma`, motorcycle defaults) take over at the loading step.
 */
import { describe, expect, it } from 'vitest';
import { compileFlow } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { FlowSession, readFlow } from './flow-session.ts';

const compiled = compileFlow(readFlow('firma-electronica'), ENDPOINTS, {
  'fragments/firma': readFlow('fragments/firma'),
});

const PROSPECT = 900000007;
const LINK = {
  codRes: '00',
  data: { purpose: 'resume', kind: 'vehicle', codigoProspecto: PROSPECT, documento: '45678912' },
};
const prospect = (estado: number) => ({
  codRes: '00',
  estadoProspecto: estado,
  prospecto: {
    codigoProspecto: PROSPECT,
    estadoProspecto: estado,
    telefono: '987654321',
    codigoProducto: 28,
    nombreTitular: 'ANA PEREZ',
  },
});

function opened(): FlowSession {
  const s = new FlowSession(compiled, { token: 'a.b.c' });
  expect(s.state.step).toBe('validarEnlace');
  expect(s.call.endpoint).toBe('jwt.validate');
  expect(s.call.body).toMatchObject({ token: 'a.b.c' });
  return s;
}

describe('/firma-electronica', () => {
  it('reads the application the link names, then hands over to the loading step of the signature', () => {
    const s = opened().answer(LINK);
    expect(s.state.step).toBe('datosSolicitud');
    expect(s.call.endpoint).toBe('moto.lookupProspect');
    expect(s.call.body).toMatchObject({ codigoProspecto: PROSPECT, documento: '45678912' });
    s.answer(prospect(33));
    expect(s.state.step).toBe('firmaCarga');
    expect(s.state.context).toMatchObject({ telefono: '987654321', codigoProducto: 28 });
    s.answer(prospect(33));
    expect(s.state.step).toBe('firmaDetalleCredito');
  });

  it.each([
    ['06', 'enlaceIncorrecto'],
    ['07', 'enlaceVencido'],
    ['99', 'enlaceIncorrecto'],
  ])('a link answered %s opens the %s modal', (codRes, modal) => {
    expect(opened().answer({ codRes }).modal).toBe(modal);
  });

  it('a link whose application the service no longer has says to open the SMS link', () => {
    expect(opened().answer(LINK).answer({ codRes: '99' }).modal).toBe('enlaceIncorrecto');
  });

  it('a call that fails (no link at all is refused by the service) says the same', () => {
    expect(opened().fail().modal).toBe('enlaceIncorrecto');
  });

  it.each([91, 92])('loading state %i shows the approval letter of this flow', (estado) => {
    const s = opened().answer(LINK).answer(prospect(estado)).answer(prospect(estado));
    expect(s.state.step).toBe('aprobacionCredito');
  });
});
