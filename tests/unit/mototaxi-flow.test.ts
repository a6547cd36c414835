/**
 * Plays the variants of moto on the used-vehicle tables (`flows/mototaxi.json`,
 * `flows/motofurgon.json`, `flows/taxi-mujer.json`) with the engine and the real endpoint
 * registry: personal data through the product's `registro/adicional`, the documents, the
 * submission confirmation with the product's letter, and the end page that summarises the
 * credit, lists the letter and leads home; states 92 and -5 say what happens next.
 */
import { describe, expect, it } from 'vitest';
import { FlowSession } from './flow-session.ts';
import { compileMotoFamily, LEAD, prospectAnswer, SIMULATION } from './moto-family-support.ts';

const PROSPECT = 777;

const prospect = (estado: number) => prospectAnswer(PROSPECT, estado);

const VARIANTS = [
  { id: 'mototaxi', producto: 29, personalData: 'taxi.registerAdditionalMototaxi', carta: 'cartamototaxi' },
  {
    id: 'motofurgon',
    producto: 36,
    personalData: 'taxi.registerAdditionalMotofurgon',
    carta: 'cartamotofurgon',
  },
  { id: 'taxi-mujer', producto: 38, personalData: 'taxi.registerAdditional', carta: 'cartataxi' },
] as const;

function sessionOf(id: string): FlowSession {
  return new FlowSession(compileMotoFamily(id));
}

/** From the landing to the documents step on the happy path. */
function atDocuments(id: string): FlowSession {
  const s = sessionOf(id).submit(LEAD).answer(prospect(0)).timer('fasesCumplidas').answer(prospect(25));
  s.submit({ estadoCivil: 'SO', ingresoMensual: 3000 }).answer(prospect(26));
  s.answer({ codRes: '00', simulacion: SIMULATION, plazos: '12,18,24,36' });
  s.submit({ importeFinanciar: 6500, cuotas: 24, importeCuotas: 401.77 }).answer({
    ...prospect(26),
    simulacion: SIMULATION,
  });
  expect(s.state.step).toBe('documentos');
  return s;
}

describe.each(VARIANTS)('$id: to the end of the application', ({ id, producto, personalData, carta }) => {
  it(`sends product ${producto} and the personal data through ${personalData}`, () => {
    const s = sessionOf(id).submit(LEAD);
    expect(s.call).toMatchObject({ endpoint: 'moto.preEvaluate', body: { codigoProducto: producto } });
    s.answer(prospect(0)).timer('fasesCumplidas').answer(prospect(25));
    expect(s.state.step).toBe('datosPersonales');
    expect(s.submit({ estadoCivil: 'SO', ingresoMensual: 3000 }).call.endpoint).toBe(personalData);
  });

  it.each([26, 30, 34, 90])(
    `documents answered %i confirm the submission with the ${carta} letter, then the end page summarises the credit and the letter and leads home`,
    (estado) => {
      const s = atDocuments(id).submit({ documento: 'aGVsbG8=' });
      expect(s.call.endpoint).toBe('moto.attachFile');
      s.answer(prospect(estado));
      expect(s.state.step).toBe('confirmacionEnvio');
      expect(s.state.context.urlCarta).toBe(`/kong/reporte/${carta}/2/${PROSPECT}`);
      s.submit();
      expect(s.state.step).toBe('solicitudCompleta');
      expect(s.state.context).toMatchObject({ importeFinanciar: 6500, cuotas: 24, importeCuotas: 401.77 });
      expect(s.submit().effects).toContainEqual(expect.objectContaining({ type: 'navigate', to: '/' }));
    },
  );

  it('state 92 at pre-evaluation says the application is pre-approved and under review, then home', () => {
    const s = sessionOf(id).submit(LEAD).answer(prospect(92));
    expect(s.modal).toBe('preaprobadoEnRevision');
    expect(s.close().effects).toContainEqual(expect.objectContaining({ type: 'navigate', to: '/' }));
  });

  it('state -5 says the plate was delivered: at pre-evaluation the form stays, at documents it starts over', () => {
    const lead = sessionOf(id).submit(LEAD).answer(prospect(-5));
    expect(lead.modal).toBe('placaEntregada');
    expect(lead.close().state.step).toBe('preEvaluacion');
    const docs = atDocuments(id).submit({ documento: 'aGVsbG8=' }).answer(prospect(-5));
    expect(docs.modal).toBe('placaEntregadaDocumentos');
    expect(docs.close().state.step).toBe('preEvaluacion');
  });
});

it('the end page of the variants lists the letter and the credit chosen, and offers the way home', () => {
  const end = compileMotoFamily('mototaxi').steps.get('solicitudCompleta')!.step;
  expect(end).toMatchObject({ number: 6, view: 'message', final: true });
  expect(end.props).toMatchObject({
    summary: true,
    documents: [{ from: 'urlCarta', label: 'view.letter.open' }],
    button: 'view.letter.finish',
  });
});

it.each(['mototaxi', 'motofurgon', 'taxi-mujer'])(
  '%s numbers its steps 0 to 6 as the spec does, and its bar counts from 0',
  (id) => {
    const compiled = compileMotoFamily(id);
    expect(compiled.flow.progress).toEqual({ total: 6, start: 0 });
    const shown = (step: string) => {
      const s = compiled.steps.get(step)!.step;
      return [s.number, s.progress];
    };
    expect(shown('preEvaluacion')).toEqual([0, 0]);
    expect(shown('evaluacionPoliticas')).toEqual([1, 1]);
    expect(shown('resultadoEvaluacion')).toEqual([1, 1]);
    expect(shown('datosPersonales')).toEqual([2, 2]);
    expect(shown('simulador')).toEqual([3, 3]);
    expect(shown('documentos')).toEqual([4, 4]);
    expect(shown('confirmacionEnvio')).toEqual([5, 5]);
    expect(shown('rechazo')).toEqual([6, 6]);
    expect(shown('solicitudCompleta')).toEqual([6, 6]);
  },
);
