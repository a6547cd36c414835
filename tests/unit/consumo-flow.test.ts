/**
 * Plays `flows/consumo.json` with the engine and the real endpoint registry: every state of
 * spec 000 §4 "Used vehicle, consumer, mototaxi, taxi, quoter, partner variant" must lead
 * where the service's own route table (`ROUTES.consumo`) says, with the consumer's final data
 * step (10) between simulation and documents; the stored simulation is read back only on "00";
 * the submission confirmation links the approval letter when one was sent (express
 * evaluation), else the pre-approval letter (traditional evaluation).
 */
import { describe, expect, it } from 'vitest';
import { compileFlow } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { FlowSession, readJson, readFlow } from './flow-session.ts';
import { PAGE_ROUTES } from '../../src/engine/routes.ts';
import { ROUTES, type Screen, type VehicleStep } from '../../src/server/domain/vehicle-states.ts';

const read = readJson;
const flow = readFlow('consumo');
const firma = readFlow('fragments/firma');
const messages = read('i18n/es-PE.json') as Record<string, string>;
const shared = read('flows/shared/modals.json') as { modals: Record<string, { message: string }> };
const compiled = compileFlow(flow, ENDPOINTS, {
  'fragments/firma': firma,
  'fragments/cotizacion': readFlow('fragments/cotizacion'),
});

const PROSPECT = 501;

/** The flow played like the runtime would (see flow-session.ts). */
class Session extends FlowSession {
  constructor(params: Record<string, string> = {}) {
    super(compiled, params);
  }
}

/** A prospect answer as the service gives it (code field `prospecto.estadoProspecto`). */
const prospect = (estado: number, extra: Record<string, unknown> = {}) => ({
  codRes: '00',
  estadoProspecto: estado,
  prospecto: {
    codigoProspecto: PROSPECT,
    estadoProspecto: estado,
    nombreTitular: 'ANA MARIA QUISPE',
    mafmax: 20000,
    cartaAprobacion: null,
    ...extra,
  },
});

const LEAD = {
  documento: '45678912',
  fechaNacimiento: '1990-05-04',
  telefono: '987654321',
  email: 'ana@example.pe',
  ingresoMensual: 3500,
  terms: true,
};
const PERSONAL = {
  estadoCivil: 'SO',
  genero: 'F',
  nivelEducacion: 'UN',
  situacionLaboral: 'D',
  ingresoMensual: 3500,
  tipoVia: 'AV',
  direccion: 'Arequipa',
};
const FINAL = {
  domicilio: 'Av. Arequipa 1234',
  referencia_domicilio: 'Frente al parque',
  actividadLaboral: 'Contadora',
};
const SIMULATION = {
  codRes: '00',
  simulacion: {
    tea: 55,
    importeMinimo: 1000,
    importeMaximo: 30000,
    plazos: '6,12,18,24,36',
    seguroDesgravamen: 0,
    condicionSimulacion: { pr_teaact: 55, pr_teanue: 45 },
  },
};

/** How the happy path leaves each step. */
const HAPPY: Record<string, (s: Session) => void> = {
  preEvaluacion: (s) => s.submit(LEAD).answer(prospect(0)),
  evaluacionPoliticas: (s) => s.timer('fasesCumplidas'),
  resultadoEvaluacion: (s) => s.answer(prospect(25)),
  datosPersonales: (s) => s.submit(PERSONAL).answer(prospect(26)),
  simulacion: (s) => {
    if (s.state.pending) s.answer(SIMULATION);
    s.submit({ importeFinanciar: 8000, cuotas: 24, importeCuotas: 520.12, tasa: 45 }).answer(prospect(26));
  },
  datosFinales: (s) => s.submit(FINAL).answer(prospect(30)),
  documentos: (s) => s.submit({ imagenDocumento: 'iVBORw0KGgo=' }).answer(prospect(30)),
  envioCarta: (s) => s.answer({ codRes: '00', urlCarta: 'x' }),
  estadoFinal: (s) =>
    s.answer(prospect(39, { cartaAprobacion: `http://site/kong/reporte/aprobacion/2/${PROSPECT}` })),
  confirmacionAprobada: (s) => s.submit(),
  declaracionJurada: (s) => s.submit(DECLARATION).answer({ codRes: '00' }),
  confirmacionToken: (s) => s.submit({ token: '123456' }).answer({ codRes: '00' }),
};

const DECLARATION = { ingresoMensual: 3200, declaraIngresos: true };

/** A session on `step`, reached by the happy path (the step's own enter call still pending). */
function at(step: string): Session {
  const s = new Session();
  for (let guard = 0; s.state.step !== step; guard++) {
    const advance = HAPPY[s.state.step];
    if (!advance || guard > 20) throw new Error(`cannot reach ${step} from ${s.state.step}`);
    advance(s);
  }
  return s;
}

/** Where the flow is after an answer: a step, or a modal over the step. */
const where = (s: Session): string => (s.modal ? `modal:${s.modal}` : `step:${s.state.step}`);

/** The consumer flow's place for each screen of the service's route table, by step. */
function expected(step: VehicleStep, screen: Screen, state: number): string {
  switch (screen) {
    case 'policyEvaluation':
      return 'step:evaluacionPoliticas';
    case 'personalData':
      return 'step:datosPersonales';
    case 'simulation':
      // Pre-evaluation resumes at the simulation through the stored simulation read by id.
      return step === 'preEvaluation' ? 'step:simulacionGuardada' : 'step:simulacion';
    case 'documents':
      // The consumer's final data (10) comes between simulation and documents (000 §4).
      return step === 'simulation' ? 'step:datosFinales' : 'step:documentos';
    case 'submissionConfirmation':
      return state === 30 ? 'step:envioCarta' : 'step:estadoFinal';
    case 'rejection':
      return 'step:rechazo';
    case 'modalInProcess':
      // 92 (pending review) says what happens next: an advisor calls.
      return state === 92 ? 'modal:solicitudEnRevision' : 'modal:solicitudEnProceso';
    case 'modalThenReset':
      return 'modal:comunicaremosResultado';
    case 'modalMessage':
      return (
        {
          '-1': 'modal:datosIncorrectos',
          '-2': 'modal:menorDeEdad',
          '-3': 'modal:documentoDesactivado',
          // −5 (on hold) says the application waits and how it goes on.
          '-5': 'modal:solicitudEnEspera',
        }[String(state)] ?? 'modal:errorGenerico'
      );
    default:
      throw new Error(`screen ${screen} is not in the consumer table`);
  }
}

/** Reaches the step that answers `step` and answers it with `state`. */
function answerAt(step: VehicleStep, state: number): Session {
  switch (step) {
    case 'preEvaluation':
      return new Session().submit(LEAD).answer(prospect(state));
    case 'policyEvaluation':
      return at('resultadoEvaluacion').answer(prospect(state));
    case 'personalData':
      return at('datosPersonales').submit(PERSONAL).answer(prospect(state));
    case 'simulation': {
      const s = at('simulacion').answer(SIMULATION);
      return s
        .submit({ importeFinanciar: 8000, cuotas: 24, importeCuotas: 520.12, tasa: 45 })
        .answer(prospect(state));
    }
    case 'documents':
      return at('documentos').submit({ imagenDocumento: 'iVBORw0KGgo=' }).answer(prospect(state));
  }
}

const consumerRows = (Object.entries(ROUTES.consumo) as [VehicleStep, Record<number, Screen>][]).flatMap(
  ([step, table]) => Object.entries(table).map(([state, screen]) => [step, Number(state), screen] as const),
);

describe('Consumo flow: the file', () => {
  it('takes /consumo from the pending-product pages, in the blue style, for product 48', () => {
    expect(flow.routes).toEqual(['/consumo']);
    expect(PAGE_ROUTES['/consumo']).toBeUndefined();
    expect(flow.theme).toBe('blue');
    expect(new Session().state.context).toMatchObject({ codigoProducto: 48, tipoDocumento: 1 });
  });

  it('numbers the screens as the spec does, with 10 between simulation (4) and documents (5)', () => {
    const numbers = Object.fromEntries(Object.entries(flow.steps).map(([id, step]) => [id, step.number]));
    expect(numbers).toMatchObject({
      preEvaluacion: 1,
      evaluacionPoliticas: 2,
      datosPersonales: 3,
      simulacion: 4,
      datosFinales: 10,
      documentos: 5,
      confirmacionAprobada: 6,
      rechazo: 7,
    });
  });

  it('has every text it names in Spanish', () => {
    const keys = [
      ...Object.values(flow.steps).flatMap((step) => [step.title, step.props?.title, step.props?.message]),
      ...Object.values(flow.modals ?? {}).flatMap((modal) => [modal.title, modal.message]),
    ].filter((k): k is string => typeof k === 'string');
    expect(keys.length).toBeGreaterThan(20);
    for (const key of keys) expect(messages[key], key).toBeTruthy();
  });
});

describe('Consumo flow: each state of the consumer table leads where the service route table says', () => {
  it.each(consumerRows)('%s answering %i (%s)', (step, state, screen) => {
    expect(where(answerAt(step, state))).toBe(expected(step, screen, state));
  });

  it.each([
    ['preEvaluation', 5],
    ['policyEvaluation', 26],
    ['personalData', 30],
    ['simulation', 30],
  ] as const)('%s answering %i, outside the table, shows the error dialog', (step, state) => {
    const s = answerAt(step, state);
    expect(s.modal).toBe('errorGenerico');
  });

  it('resets to the start after the "we will let you know" modal of a pending evaluation (24)', () => {
    const s = answerAt('policyEvaluation', 24).close();
    expect(s.state.step).toBe('preEvaluacion');
    expect(s.state.context.codigoProspecto).toBeUndefined();
  });

  it('the −2 message (under 18 by birth date) says so and keeps what was typed', () => {
    const s = new Session().submit(LEAD).answer(prospect(-2));
    expect(s.modal).toBe('menorDeEdad');
    expect(messages[shared.modals.menorDeEdad!.message]).toMatch(/18 años o más/);
    expect(s.close().state.step).toBe('preEvaluacion');
    expect(s.state.forms.preEvaluacion).toMatchObject({ documento: LEAD.documento });
  });

  it.each([
    ['preEvaluation', 92, 'solicitudEnRevision'],
    ['policyEvaluation', 92, 'solicitudEnRevision'],
    ['preEvaluation', -5, 'solicitudEnEspera'],
    ['policyEvaluation', -5, 'solicitudEnEspera'],
    ['documents', -5, 'solicitudEnEspera'],
  ] as const)(
    '%s answering %i says what happens next (%s), not "try again in a few minutes"',
    (step, state, modal) => {
      const s = answerAt(step, state);
      expect(s.modal).toBe(modal);
      const text = messages[flow.modals![modal]!.message!]!;
      expect(text).toMatch(/te llamará|te avisaremos/);
      expect(text).not.toMatch(/unos minutos/);
      expect(s.close().state.done || s.state.step === 'preEvaluacion').toBe(true);
    },
  );

  it('keeps its own 92 and -5 modals because the consumer family gives those states other meanings than the vehicle flows, and says so', () => {
    const vehicle = shared.modals as Record<string, { message: string }>;
    expect(messages[vehicle.preaprobadoEnRevision!.message]).toMatch(/preaprobada/);
    expect(messages[vehicle.placaEntregada!.message]).toMatch(/placa/);
    expect(messages[flow.modals!.solicitudEnRevision!.message!]).not.toMatch(/preaprobada/);
    expect(messages[flow.modals!.solicitudEnEspera!.message!]).not.toMatch(/placa/);
    const noteOf = (id: string) => (read(`flows/${id}.json`) as { note?: string }).note;
    for (const id of ['consumo', 'moto'])
      expect(noteOf(id), id).toMatch(/92[\s\S]*-5[\s\S]*(solicitudEnRevision|preaprobadoEnRevision)/);
    // A used vehicle on consumo's steps takes the vehicle meaning.
    const seminuevo = readFlow('seminuevo');
    expect(JSON.stringify(seminuevo.steps)).toContain('preaprobadoEnRevision');
    expect(noteOf('seminuevo')).toMatch(/vehicle modals/);
  });
});

describe('Consumo flow: policy evaluation', () => {
  it('shows the four phases, 1 s each for the first three, then reads the prospect state', () => {
    const s = at('evaluacionPoliticas');
    expect(flow.steps.evaluacionPoliticas?.props?.durations).toEqual([1000, 1000, 1000]);
    expect(s.effects).toContainEqual({ type: 'timer', id: 'fasesCumplidas', ms: 3000 });
    s.timer('fasesCumplidas');
    expect(s.state.step).toBe('resultadoEvaluacion');
    expect(s.call).toMatchObject({
      endpoint: 'moto.lookupProspect',
      body: { codigoProspecto: PROSPECT, documento: '45678912' },
    });
  });
});

describe('Consumo flow: simulation', () => {
  it('asks the consumer conditions for the prospect and keeps the current and new annual rates', () => {
    const s = at('simulacion');
    expect(s.call).toMatchObject({
      endpoint: 'consumo.simulate',
      body: { codigoProspecto: PROSPECT, codigoProducto: 48 },
    });
    s.answer(SIMULATION);
    expect(s.state.context).toMatchObject({
      tea: 55,
      montoMinimo: 1000,
      plazos: '6,12,18,24,36',
      pr_teaact: 55,
      pr_teanue: 45,
      mafmax: 20000,
    });
  });

  it('registers the chosen amount and term and keeps the figures the letter shows', () => {
    const s = at('simulacion')
      .answer(SIMULATION)
      .submit({ importeFinanciar: 8000, cuotas: 24, importeCuotas: 520.12, tasa: 45 });
    expect(s.call).toMatchObject({
      endpoint: 'consumo.registerSimulation',
      body: { codigoProspecto: PROSPECT, codigoProducto: 48, importeFinanciar: 8000, numeroCuotas: 24 },
    });
    s.answer(prospect(26));
    expect(s.state.context).toMatchObject({
      importeFinanciar: 8000,
      cuotas: 24,
      importeCuotas: 520.12,
      tasa: 45,
    });
  });

  it('explains a simulation the income does not allow ("99") and stays to change it', () => {
    const s = at('simulacion')
      .answer(SIMULATION)
      .submit({ importeFinanciar: 30000, cuotas: 6 })
      .answer({ ...prospect(26), codRes: '99' });
    expect([s.state.step, s.modal]).toEqual(['simulacion', 'simulacionNoRegistrada']);
    expect(s.close().state.step).toBe('simulacion');
  });

  it('reads the stored simulation by id when resuming, and updates the state from it only on "00"', () => {
    const ok = new Session().submit(LEAD).answer(prospect(26));
    expect(ok.call).toMatchObject({
      endpoint: 'consumo.getSimulation',
      method: 'GET',
      path: `/kong/prospecto/v2.0/simulacion/consumo/${PROSPECT}`,
    });
    ok.answer({
      ...prospect(39),
      simulacion: {
        importeFinanciar: 6000,
        cuotas: 12,
        importeCuotas: 640.5,
        tea: 45,
        condicionSimulacion: { pr_teaact: 55, pr_teanue: 45 },
      },
    });
    expect(ok.state.step).toBe('simulacion');
    expect(ok.state.context).toMatchObject({
      estadoProspecto: 39,
      importeFinanciar: 6000,
      cuotas: 12,
      importeCuotas: 640.5,
      pr_teanue: 45,
    });

    const none = new Session().submit(LEAD).answer(prospect(26));
    none.answer({
      ...prospect(91),
      codRes: '99',
      detalleRespuesta: 'La solicitud aún no tiene una simulación.',
    });
    expect(none.state.step).toBe('simulacion');
    expect(none.state.context.estadoProspecto).toBe(26);
    expect(none.state.context.importeFinanciar).toBeUndefined();

    const down = new Session().submit(LEAD).answer(prospect(26)).fail();
    expect([down.state.step, down.modal]).toEqual(['simulacion', null]);
  });
});

describe('Consumo flow: final data, documents, confirmation and letters', () => {
  it('sends the final data with the prospect to registro/adicional/consumoFinal', () => {
    const s = at('datosFinales').submit(FINAL);
    expect(s.call).toMatchObject({
      endpoint: 'consumo.registerAdditionalFinal',
      path: '/kong/prospecto/v2.0/registro/adicional/consumoFinal',
      body: { ...FINAL, codigoProspecto: PROSPECT },
    });
  });

  it('attaches the DNI photo to the prospect', () => {
    const s = at('documentos').submit({ imagenDocumento: 'iVBORw0KGgo=' });
    expect(s.call).toMatchObject({
      endpoint: 'moto.attachFile',
      body: { codigoProspecto: PROSPECT, archivo: 'iVBORw0KGgo=', tipoDocumentoAdjunto: 'DNI' },
    });
  });

  it('express evaluation (documents 30): sends the approval letter, closes the application and links the approved report', () => {
    const s = at('documentos').submit({ imagenDocumento: 'iVBORw0KGgo=' }).answer(prospect(30));
    expect(s.state.context.evaluacion).toBe('express');
    expect(s.call).toMatchObject({
      endpoint: 'moto.sendApprovalLetter',
      body: { codigoProspecto: PROSPECT, telefono: '987654321' },
    });
    s.answer({ codRes: '00', urlCarta: 'x' });
    expect(s.call).toMatchObject({ endpoint: 'moto.finalState', body: { codigoProspecto: PROSPECT } });
    s.answer(
      prospect(39, {
        cartaAprobacion: `http://site/kong/reporte/aprobacion/2/${PROSPECT}`,
        converus: 'APROBADO',
      }),
    );
    expect(s.state.step).toBe('confirmacionAprobada');
    expect(s.state.context.urlCarta).toBe(`/kong/reporte/aprobacion/2/${PROSPECT}`);
  });

  it.each([26, 34, 90])(
    'traditional evaluation (documents %i): no letter sent, the pre-approval report',
    (state) => {
      const s = at('documentos').submit({ imagenDocumento: 'iVBORw0KGgo=' }).answer(prospect(state));
      expect(s.state.context.evaluacion).toBe('tradicional');
      expect(s.call.endpoint).toBe('moto.finalState');
      s.answer(prospect(39));
      expect(s.state.step).toBe('confirmacionPreaprobada');
      expect(s.state.context.urlCarta).toBe(`/kong/reporte/preaprobacion/2/${PROSPECT}`);
    },
  );

  it('still closes the application when the approval letter cannot be sent, and then offers the pre-approval', () => {
    const s = at('documentos').submit({ imagenDocumento: 'iVBORw0KGgo=' }).answer(prospect(30)).fail();
    expect(s.call.endpoint).toBe('moto.finalState');
    expect(s.answer(prospect(39)).state.step).toBe('confirmacionPreaprobada');
  });

  it('a final state refused ("99") shows the error and then goes home', () => {
    const s = at('documentos')
      .submit({ imagenDocumento: 'iVBORw0KGgo=' })
      .answer(prospect(26))
      .answer({ ...prospect(26), codRes: '99' });
    expect(s.modal).toBe('errorGenerico');
    expect(s.close().effects).toContainEqual({ type: 'navigate', to: '/' });
  });
});

describe('Consumo flow: income declaration (8), token confirmation (9) and the signature steps', () => {
  it('numbers them as the spec does: 8 income declaration, 9 token, then the signature steps 101-106', () => {
    expect(compiled.steps.get('declaracionJurada')!.step.number).toBe(8);
    expect(compiled.steps.get('confirmacionToken')!.step.number).toBe(9);
    expect(
      [
        'firmaCarga',
        'firmaDetalleCredito',
        'firmaValidacionIdentidad',
        'firmaDocumentosContrato',
        'firmaElectronica',
        'firmaFelicitaciones',
      ].map((id) => compiled.steps.get(id)!.step.number),
    ).toEqual([101, 102, 103, 104, 105, 106]);
  });

  it('the approved confirmation (express) continues to the income declaration; the pre-approval ends there', () => {
    expect(at('confirmacionAprobada').submit().state.step).toBe('declaracionJurada');
    expect(flow.steps.confirmacionPreaprobada!.final).toBe(true);
  });

  it('sends the declared income and asks for the signing code on the application phone, in the consumer token group', () => {
    const s = at('declaracionJurada').submit(DECLARATION);
    expect(s.call).toMatchObject({
      endpoint: 'tokens.send',
      path: '/kong/token/send',
      body: {
        codigoProspecto: PROSPECT,
        documento: '45678912',
        celular: '987654321',
        grupo: 'CONSUMO',
        tipo: 'DJ',
        ingresoMensual: 3200,
      },
    });
    expect(s.answer({ codRes: '00' }).state.step).toBe('confirmacionToken');
  });

  it.each([
    ['01', 'tokenNoEnviado', 'declaracionJurada'],
    ['99', 'declaracionNoDisponible', 'declaracionJurada'],
  ] as const)('a code send answering %s opens %s', (code, modal, step) => {
    const s = at('declaracionJurada').submit(DECLARATION).answer({ codRes: code });
    expect([s.state.step, s.modal]).toEqual([step, modal]);
  });

  it('the declaration not available yet ("99") says so and goes home', () => {
    const s = at('declaracionJurada').submit(DECLARATION).answer({ codRes: '99' });
    expect(messages[flow.modals!.declaracionNoDisponible!.message!]).toMatch(/declaración jurada/);
    expect(s.close().effects).toContainEqual({ type: 'navigate', to: '/' });
  });

  it('validates the code with the same purpose; "00" enters the signature with the consumer lookup', () => {
    const s = at('confirmacionToken').submit({ token: '654321' });
    expect(s.call).toMatchObject({
      endpoint: 'tokens.validate',
      path: '/kong/token/valid',
      body: {
        codigoProspecto: PROSPECT,
        documento: '45678912',
        celular: '987654321',
        grupo: 'CONSUMO',
        tipo: 'DJ',
        token: '654321',
      },
    });
    s.answer({ codRes: '00' });
    expect(s.state.step).toBe('firmaCarga');
    expect(s.call).toMatchObject({ endpoint: 'moto.lookupProspect', body: { codigoProspecto: PROSPECT } });
  });

  it('a wrong code ("01") says so and stays to try again; resend asks for a new code with the declared income', () => {
    const s = at('confirmacionToken').submit({ token: '000000' }).answer({ codRes: '01' });
    expect([s.state.step, s.modal]).toEqual(['confirmacionToken', 'tokenIncorrecto']);
    s.close().action('resend');
    expect(s.call).toMatchObject({
      endpoint: 'tokens.send',
      body: { grupo: 'CONSUMO', tipo: 'DJ', ingresoMensual: 3200 },
    });
  });

  it.each([
    [33, 'step:firmaDetalleCredito'],
    [10, 'modal:firmaCreditoAprobado'],
    [91, 'step:confirmacionAprobada'],
    [92, 'step:confirmacionAprobada'],
    [39, 'modal:firmaSolicitudEnProceso'],
  ] as const)('loading (101) with state %i leads to %s', (state, place) => {
    const s = at('firmaCarga').answer(prospect(state));
    expect(where(s)).toBe(place);
  });

  it('the credit detail (102) reads the consumer simulation by id and shows its figures', () => {
    const s = at('firmaCarga').answer(prospect(33));
    expect(s.call).toMatchObject({
      endpoint: 'consumo.getSimulation',
      method: 'GET',
      path: `/kong/prospecto/v2.0/simulacion/consumo/${PROSPECT}`,
    });
    s.answer({
      codRes: '00',
      simulacion: { importeFinanciar: 8000, cuotas: 24, importeCuotas: 520.12, tea: 45 },
    });
    expect(s.state.context).toMatchObject({
      importeFinanciar: 8000,
      cuotas: 24,
      importeCuotas: 520.12,
      tasa: 45,
    });
    s.submit();
    expect(s.state.step).toBe('firmaValidacionIdentidad');
    expect(s.call).toMatchObject({
      endpoint: 'identity.questions',
      path: `/kong/prospecto/v1.0/producto/preguntas/${PROSPECT}`,
    });
  });
});

describe('Consumo asks each fact once (issue 19): what was given comes prefilled, editable', () => {
  it('the income of the lead form fills the personal data; the income and address confirmed there fill the final data and the declaration', () => {
    const s = at('datosPersonales');
    expect(s.state.forms.datosPersonales).toEqual({ ingresoMensual: 3500 });
    // The applicant corrects the income and gives the address once.
    s.submit({ ...PERSONAL, ingresoMensual: 4200, numeroVia: '1234' }).answer(prospect(26));
    HAPPY.simulacion!(s);
    expect(s.state.step).toBe('datosFinales');
    expect(s.state.forms.datosFinales).toEqual({ domicilio: 'Av. Arequipa 1234' });
    for (let guard = 0; s.state.step !== 'declaracionJurada' && guard < 10; guard++) HAPPY[s.state.step]!(s);
    expect(s.state.forms.declaracionJurada).toEqual({ ingresoMensual: 4200 });
  });

  it('an address without a number or street type is carried as written', () => {
    const s = at('datosPersonales');
    s.submit({ ...PERSONAL, tipoVia: 'OT', direccion: 'Mz. B lote 4' }).answer(prospect(26));
    HAPPY.simulacion!(s);
    expect(s.state.forms.datosFinales).toEqual({ domicilio: 'Mz. B lote 4' });
  });
});

describe('a quote link (?cotizacion=…) opens consumo with what the quote gave', () => {
  const QUOTE = 900000123;
  const quoted = {
    codRes: '00',
    prospecto: {
      codigoProspecto: QUOTE,
      documento: '45678912',
      telefono: '987654321',
      correo: 'ana@example.pe',
    },
    simulacion: { importeFinanciar: 12000, cuotas: 18 },
  };

  it('validates the link, reads the quoted simulation, and fills the lead form and the simulator (editable)', () => {
    const s = new Session({ cotizacion: 'jwt-firmado' });
    expect(s.state.step).toBe('abrirCotizacion');
    expect(s.call).toMatchObject({ endpoint: 'jwt.validate', body: { token: 'jwt-firmado' } });
    s.answer({
      codRes: '00',
      data: { codigoProspecto: QUOTE, documento: '45678912', purpose: 'quote', kind: 'vehicle' },
    });
    expect(s.state.step).toBe('cargarCotizacion');
    expect(s.call.endpoint).toBe('consumo.getSimulation');
    expect(s.call.path).toContain(`/${QUOTE}`);
    s.answer(quoted);
    expect(s.state.step).toBe('preEvaluacion');
    expect(s.state.forms.preEvaluacion).toEqual({
      documento: '45678912',
      telefono: '987654321',
      email: 'ana@example.pe',
    });
    // The application is the consumer one the pre-evaluation opens; the simulator starts at the quote.
    s.submit({ ...LEAD, telefono: '912345678' }).answer(prospect(25));
    expect(s.state.context).toMatchObject({ codigoProspecto: PROSPECT, telefono: '912345678' });
    s.submit(PERSONAL).answer(prospect(26));
    expect(s.state.step).toBe('simulacion');
    expect(s.state.forms.simulacion).toEqual({ importeFinanciar: 12000, cuotas: 18 });
  });

  it('a tampered or expired link says so, then starts an application from the lead form', () => {
    const s = new Session({ cotizacion: 'alterado' }).answer({ codRes: '06' });
    expect(s.modal).toBe('enlaceVencido');
    s.close();
    expect(s.state.step).toBe('preEvaluacion');
    expect(new Session({ cotizacion: 'x' }).fail().state.step).toBe('preEvaluacion');
  });

  it('without the parameter, starts at the lead form as before', () => {
    expect(new Session().state.step).toBe('preEvaluacion');
  });
});
