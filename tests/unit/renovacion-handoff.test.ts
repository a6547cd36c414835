/**
 * A '04' answer ("Ya tenemos un préstamo aprobado para ti") of credinstante, celulares and the
 * conversions sends the applicant to /renovacion with 'Lo quiero': what they typed there goes
 * along (in the tab's storage, never in the address) and fills the renewal's first form, so
 * they do not type their document, plate and phone again.
 */
import { describe, expect, it } from 'vitest';
import { compileFlow, start, type Effect } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { FlowSession, readFlow } from './flow-session.ts';

const flow = (id: string) => compileFlow(readFlow(id), ENDPOINTS, { conversion: readFlow('conversion') });
const navigation = (effects: Effect[]) =>
  effects.find((e): e is Extract<Effect, { type: 'navigate' }> => e.type === 'navigate');

const TYPED = {
  credinstante: {
    form: {
      tipoDocumento: 1,
      documento: '45678912',
      fechaNacimiento: '1990-05-04',
      placa: 'ABC-123',
      recorridoxDia: 3,
      telefono: '987654321',
      email: 'ana@example.pe',
      terms: true,
    },
    answer: { codigoRespuesta: '04' },
  },
  celulares: {
    form: {
      tipoDocumento: 1,
      documento: '45678912',
      fechaNacimiento: '1990-05-04',
      telefono: '987654321',
      email: 'ana@example.pe',
      terms: true,
    },
    answer: { codigoRespuesta: '04' },
  },
  conversion: {
    form: {
      documento: '45678912',
      placa: 'ABC-123',
      categoriaVehiculo: 'M1',
      telefono: '987654321',
      email: 'ana@example.pe',
      terms: true,
    },
    answer: { codRes: '04' },
  },
} as const;

describe.each(Object.entries(TYPED))('from a %s "04" answer to /renovacion', (id, { form, answer }) => {
  const handed = () => {
    const s = new FlowSession(flow(id));
    s.submit({ ...form }).answer(answer);
    expect(s.modal).not.toBeNull();
    s.close(0); // 'Lo quiero'
    const to = navigation(s.effects);
    expect(to?.to).toBe('/renovacion');
    return to!.carry!;
  };

  it('hands over what the applicant typed, and not in the address', () => {
    const carry = handed();
    expect(carry).toMatchObject({ documento: '45678912', telefono: '987654321' });
    expect(navigation(new FlowSession(flow(id)).effects)).toBeUndefined();
  });

  it('fills the renewal form with the document, plate and phone, and keeps nothing else', () => {
    const renovacion = flow('renovacion');
    const t = start(renovacion, { session: 's2', carried: handed() }, { now: 0 });
    expect(t.state.step).toBe('inicio');
    const expected = {
      documento: '45678912',
      telefono: '987654321',
      ...('placa' in form ? { placa: 'ABC-123' } : {}),
    };
    expect(t.state.forms.inicio).toMatchObject(expected);
    expect(t.state.forms.inicio).not.toHaveProperty('email');
    expect(t.state.context).not.toHaveProperty('email');
    expect(t.state.context).not.toHaveProperty('fechaNacimiento');
  });
});

it('a renewal opened directly starts with an empty form', () => {
  const t = start(flow('renovacion'), { session: 's3' }, { now: 0 });
  expect(t.state.forms.inicio ?? {}).not.toHaveProperty('documento');
});

it('refuses "carry" on an action that does not redirect to a route of the site', () => {
  const base = readFlow('renovacion');
  const broken = structuredClone(base);
  (broken.modals!.prestamoAprobado as { onClose: unknown }).onClose = { home: true, carry: true };
  expect(() => compileFlow(broken, ENDPOINTS)).toThrow(/carry/);
});
