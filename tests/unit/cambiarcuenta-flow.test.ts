/**
 * Plays `flows/cambiarcuenta.json` where the path tests cannot (they open it only from the SMS
 * link): without a link the applicant identifies with the document and the application number;
 * the code goes to the phone on file and travels with the new account.
 */
import { describe, expect, it } from 'vitest';
import { compileFlow } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { FlowSession, readFlow } from './flow-session.ts';

const compiled = compileFlow(readFlow('cambiarcuenta'), ENDPOINTS, {});
const ACCOUNT = {
  tipoDesembolso: 1,
  tipoCuenta: 1,
  entidadBancariaDestino: '002',
  numeroCuentaBancaria: '19111357545808',
  numeroCuentaInterbancaria: '00219111357545808250',
};

/** Opened without a link: the identification form, at once (no call to wait for). */
function identified(): FlowSession {
  const s = new FlowSession(compiled);
  expect(s.state.pending).toBeNull();
  expect(s.state.step).toBe('identificacion');
  expect(s.modal).toBeNull();
  s.submit({ documento: '45678912', codigoProspecto: 123456789 });
  expect(s.state.step).toBe('enviarCodigo');
  expect(s.call).toMatchObject({
    endpoint: 'credit.accountChangeCode',
    body: { documento: '45678912', codigoProspecto: 123456789 },
  });
  return s;
}

describe('/cambiarcuenta', () => {
  it('with its link: checks the link first; a link that cannot be checked leaves the identification form', () => {
    const s = new FlowSession(compiled, { token: 'a.b.c' });
    expect(s.state.step).toBe('enlace');
    expect(s.call).toMatchObject({ endpoint: 'jwt.validate', body: { token: 'a.b.c' } });
    s.fail();
    expect(s.state.step).toBe('identificacion');
    expect(s.modal).toBeNull();
  });

  it('by document and application: the code, then the new account with the code and its type', () => {
    const s = identified().answer({ codRes: '00', celularEnmascarado: '9*****321' });
    expect(s.state.step).toBe('codigo');
    s.submit({ token: '123456' });
    expect(s.state.step).toBe('cuenta');
    s.submit(ACCOUNT);
    expect(s.call).toMatchObject({
      endpoint: 'credit.updateBankDetails',
      body: {
        ...ACCOUNT,
        codigoProspecto: 123456789,
        documento: '45678912',
        token: '123456',
        tipoToken: 'CAMBIO_CUENTA',
      },
    });
    s.answer({ codRes: '00', cuentaDesembolso: '****8250' });
    expect(s.state.step).toBe('listo');
    expect(s.state.context.cuentaDesembolso).toBe('****8250');
  });

  it('an unknown application says so and asks again; a credit not approved goes home', () => {
    expect(identified().answer({ codRes: '03' }).close().state.step).toBe('identificacion');
    expect(identified().answer({ codRes: '02' }).modal).toBe('creditoNoAprobado');
  });

  it('a code not valid asks for a new one', () => {
    const s = identified().answer({ codRes: '00' }).submit({ token: '000000' }).submit(ACCOUNT);
    s.answer({ codRes: '01' });
    expect(s.modal).toBe('tokenNoValido');
    expect(s.close().state.step).toBe('enviarCodigo');
  });

  it('a resend the service refuses says the code cannot be sent', () => {
    const s = identified().answer({ codRes: '00' }).action('resend');
    expect(s.call.endpoint).toBe('credit.accountChangeCode');
    expect(s.answer({ codRes: '01' }).modal).toBe('tokenNoEnviado');
  });
});
