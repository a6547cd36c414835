import { describe, expect, it } from 'vitest';
import {
  conversionPreEvaluation,
  conversionRoute,
  conversionStatus,
  nextStepOf,
  otherProductCode,
  routeOf,
  semiNewPlateCheck,
  serverState,
  taxiCheckRoute,
  taxiCustomerCheck,
} from './vehicle-states.ts';

const now = Date.UTC(2026, 2, 2);

describe('vehicle routes (spec 000 §4)', () => {
  it.each([
    ['consumo', 'preEvaluation', 0, 'policyEvaluation'],
    ['consumo', 'preEvaluation', 93, 'personalData'],
    ['consumo', 'preEvaluation', 39, 'simulation'],
    ['consumo', 'preEvaluation', 91, 'rejection'],
    ['consumo', 'preEvaluation', 30, 'documents'],
    ['consumo', 'preEvaluation', 92, 'modalInProcess'],
    ['consumo', 'preEvaluation', -5, 'modalMessage'],
    ['consumo', 'policyEvaluation', 24, 'modalThenReset'],
    ['consumo', 'personalData', 90, 'simulation'],
    ['consumo', 'documents', 34, 'submissionConfirmation'],
    ['moto', 'preEvaluation', 28, 'policyEvaluation'],
    ['moto', 'preEvaluation', 27, 'creditApproval'],
    ['moto', 'preEvaluation', 33, 'modalInProcess'],
    ['moto', 'preEvaluation', -6, 'modalOfficeClosed'],
    ['moto', 'simulation', 30, 'creditApproval'],
    ['moto', 'simulation', 90, 'documents'],
    ['moto', 'documents', 90, 'creditApproval'],
  ] as const)('%s %s %i → %s', (family, step, state, screen) => {
    expect(routeOf(family, step, state)).toBe(screen);
  });

  it('lists no route for a state the step never answers', () => {
    expect(routeOf('moto', 'preEvaluation', 93)).toBeUndefined();
    expect(routeOf('consumo', 'simulation', 23)).toBeUndefined();
  });

  it('resumes a prospect at the step its state leads to', () => {
    expect(nextStepOf('consumo', 25)).toBe('personalData');
    expect(nextStepOf('consumo', 26)).toBe('simulation');
    expect(nextStepOf('moto', 24)).toBeNull();
  });
});

describe('server states (SCENARIOS.md "Vehicle and consumer products")', () => {
  it.each([
    ['50000023', 23],
    ['50000092', 92],
    ['50000002', 2],
    ['59000001', -1],
    ['59000002', -2],
    ['59000003', -3],
    ['59000005', -5],
    ['59000006', -6],
    ['45678912', 0],
  ])('pre-evaluation of %s answers %i', (documento, state) => {
    expect(serverState('preEvaluation', { documento, now })).toBe(state);
  });

  it('answers −2 for an applicant younger than 18 by birth date', () => {
    expect(serverState('preEvaluation', { documento: '45678912', fechaNacimiento: '2010-06-01', now })).toBe(
      -2,
    );
    expect(serverState('preEvaluation', { documento: '45678912', fechaNacimiento: '2008-03-02', now })).toBe(
      0,
    );
    expect(serverState('preEvaluation', { documento: '45678912', fechaNacimiento: '2008-03-03', now })).toBe(
      -2,
    );
  });

  it('resumes an open application at its state', () => {
    expect(serverState('preEvaluation', { documento: '45678912', current: 26, now })).toBe(26);
  });

  it.each([
    ['policyEvaluation', '51000023', 23],
    ['policyEvaluation', '51000024', 24],
    ['policyEvaluation', '45678912', 25],
    ['personalData', '52000023', 23],
    ['personalData', '52000024', 24],
    ['personalData', '52000090', 90],
    ['personalData', '45678912', 26],
    ['simulation', '53000090', 90],
    ['simulation', '53000030', 30],
    ['simulation', '45678912', 26],
    ['documents', '54000034', 34],
    ['documents', '54000090', 90],
    ['documents', '54000005', -5],
    ['documents', '45678912', 30],
  ] as const)('%s of %s answers %i', (step, documento, state) => {
    expect(serverState(step, { documento, now })).toBe(state);
  });

  it('keeps a refused application refused at later steps', () => {
    expect(serverState('personalData', { documento: '45678912', current: -3, now })).toBe(-3);
  });

  it('answers code 02 and state −5 for the delivered semi-new plate', () => {
    expect(semiNewPlateCheck('ZZZ-999', false)).toEqual({ codRes: '02', estado: -5 });
    expect(semiNewPlateCheck('zzz999', false)).toEqual({ codRes: '02', estado: -5 });
    expect(semiNewPlateCheck('ABC-123', false)).toEqual({ codRes: '00' });
    expect(semiNewPlateCheck('ABC-123', true)).toEqual({ codRes: '02', estado: -5 });
    expect(semiNewPlateCheck('ABC-123', false, '55000002')).toEqual({ codRes: '02', estado: -5 });
    expect(semiNewPlateCheck('ABC-123', false, '45678912')).toEqual({ codRes: '00' });
  });
});

describe('taxi customer check (SCENARIOS.md "Taxi and vehicle flow")', () => {
  it.each([
    ['45678912', '00', 9, 2, 9],
    ['60000001', '00', 1, 2, 1],
    ['60000003', '00', 3, 2, 3],
    ['60000005', '00', 5, 1, 5],
    ['61000001', '01', 1, 1, 7],
    ['61000002', '01', 2, 1, 4],
    ['69000099', '99', null, null, 8],
    ['69000098', '98', null, null, 10],
  ] as const)('%s answers %s/%s: step %s with modal %s', (documento, code, state, step, modal) => {
    const check = taxiCustomerCheck(documento, null);
    expect(check).toEqual({ codigoRespuesta: code, codigoEstado: state });
    expect(taxiCheckRoute(check)).toEqual({ step, modal });
  });

  it('answers "01" with state 1 when the applicant already finished the documents step', () => {
    expect(taxiCustomerCheck('45678912', { estado: 9, paso: 3 })).toEqual({
      codigoRespuesta: '01',
      codigoEstado: 1,
    });
  });

  it('suppresses the modal for product 25 subproduct 2', () => {
    expect(
      taxiCheckRoute(
        { codigoRespuesta: '00', codigoEstado: 9 },
        { codigoProducto: 25, codigoSubProducto: 2 },
      ),
    ).toEqual({ step: 2, modal: null });
  });
});

describe('conversion and other online products', () => {
  it.each([
    ['45678912', 0, 'offerForm', []],
    ['70000002', 2, 'inProcess', []],
    ['70000014', 14, 'preApproved', []],
    ['70000018', 18, 'offer', [19, 20]],
    ['70000035', 35, 'offer', [21, 22]],
    ['70000022', 22, 'creditActivated', []],
    ['70000077', 77, 'requestInProcess', []],
  ] as const)('conversion status of %s is %i (%s)', (documento, status, screen, productos) => {
    const s = conversionStatus(documento);
    expect(s.status).toBe(status);
    expect([...s.productos]).toEqual(productos);
    expect(conversionRoute(s.status)).toBe(screen);
  });

  it.each([
    ['71000001', '01'],
    ['71000003', '03'],
    ['71000004', '04'],
    ['71000005', '05'],
    ['45678912', '00'],
  ])('conversion pre-evaluation of %s answers %s', (documento, code) => {
    expect(conversionPreEvaluation(documento)).toBe(code);
  });

  it.each([
    ['80000001', '01'],
    ['80000003', '03'],
    ['80000004', '04'],
    ['80000005', '05'],
    ['80000099', '99'],
    ['45678912', '00'],
  ])('other products: %s answers %s', (documento, code) => {
    expect(otherProductCode(documento)).toBe(code);
  });
});
