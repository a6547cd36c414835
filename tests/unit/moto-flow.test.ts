/**
 * Plays `flows/moto.json` (with the shared signature fragment `flows/fragments/firma.json`)
 * with the engine and the real endpoint registry: every state of the spec's "Motorcycle"
 * tables (000 §4) must lead where the spec says, and the calls must carry what the service
 * needs (product 28, the prospect, the chosen simulation).
 */
import { describe, expect, it } from 'vitest';
import { FlowSession } from './flow-session.ts';
import { compileMotoFamily, LEAD, prospectAnswer, SIMULATION } from './moto-family-support.ts';
import { ROUTES, type Screen, type VehicleStep } from '../../src/server/domain/vehicle-states.ts';

const compiled = compileMotoFamily('moto');

const PROSPECT = 4321;

/** The flow played like the runtime would (see flow-session.ts). */
class Session extends FlowSession {
  constructor(params: Record<string, string> = {}) {
    super(compiled, params);
  }
}

const prospect = (estado: number) => prospectAnswer(PROSPECT, estado);

/** How the happy path leaves each step. */
const HAPPY: Record<string, (s: Session) => void> = {
  preEvaluacion: (s) => s.submit(LEAD).answer(prospect(0)),
  evaluacionPoliticas: (s) => s.timer('fasesCumplidas'),
  resultadoEvaluacion: (s) => s.answer(prospect(25)),
  datosPersonales: (s) => s.submit({ estadoCivil: 'S', ingresoMensual: 3000 }).answer(prospect(26)),
  simulador: (s) => {
    if (s.state.pending)
      s.answer({ codRes: '00', simulacion: SIMULATION, plazos: '12,18,24,36', tipoCambio: 3.75 });
    s.submit({ importeFinanciar: 6500, cuotas: 24, importeCuotas: 401.77 }).answer({
      ...prospect(90),
      simulacion: SIMULATION,
    });
  },
  documentos: (s) => s.submit({ documento: 'aGVsbG8=' }).answer(prospect(90)),
  aprobacionCredito: (s) => {
    if (s.state.pending) s.answer({ codRes: '00', urlCarta: 'x' });
    s.submit();
  },
  firmarDocumentos: (s) => s.timer('aLaFirma'),
  // The back office approved the registration (33): on to the signature's loading step.
  registroAprobado: (s) => s.answer(prospect(33)),
};

function at(step: string): Session {
  const s = new Session();
  for (let guard = 0; s.state.step !== step; guard++) {
    const advance = HAPPY[s.state.step];
    if (!advance || guard > 20) throw new Error(`cannot reach ${step} from ${s.state.step}`);
    advance(s);
  }
  return s;
}

/** Where the flow shows each screen of the service's state table. */
const SCREEN_STEP: Partial<Record<Screen, string>> = {
  policyEvaluation: 'evaluacionPoliticas',
  personalData: 'datosPersonales',
  simulation: 'simulador',
  documents: 'documentos',
  creditApproval: 'aprobacionCredito',
  rejection: 'rechazo',
};

/** The step that answers each table of the service, and how to answer it there. */
const TABLE_STEP: Record<VehicleStep, { step: string; answer: (s: Session, estado: number) => void }> = {
  preEvaluation: { step: 'preEvaluacion', answer: (s, e) => s.submit(LEAD).answer(prospect(e)) },
  policyEvaluation: { step: 'resultadoEvaluacion', answer: (s, e) => s.answer(prospect(e)) },
  personalData: {
    step: 'datosPersonales',
    answer: (s, e) => s.submit({ ingresoMensual: 3000 }).answer(prospect(e)),
  },
  simulation: {
    step: 'simulador',
    answer: (s, e) => {
      s.answer({ codRes: '00', simulacion: SIMULATION, plazos: '12,18,24,36' });
      s.submit({ importeFinanciar: 6500, cuotas: 24 }).answer({ ...prospect(e), simulacion: SIMULATION });
    },
  },
  documents: {
    step: 'documentos',
    answer: (s, e) => s.submit({ documento: 'aGVsbG8=' }).answer(prospect(e)),
  },
};

/** The modal each modal screen opens, by step and state. */
function expectedModal(step: VehicleStep, estado: number, screen: Screen): string {
  if (screen === 'modalOfficeClosed') return 'oficinaDeshabilitada';
  if (screen === 'modalThenReset') return 'comunicaremosResultado';
  if (screen === 'modalMessage')
    return (
      { '-1': 'datosIdentidadIncorrectos', '-2': 'menorDeEdad', '-3': 'sinOferta' }[String(estado)] ?? '?'
    );
  if (step === 'personalData') return 'evaluacionEnProceso';
  return 'solicitudEnProceso';
}

const rows = (Object.keys(ROUTES.moto) as VehicleStep[]).flatMap((step) =>
  Object.entries(ROUTES.moto[step]).map(([estado, screen]) => [step, Number(estado), screen] as const),
);

describe('Moto flow: the motorcycle state tables (000 §4)', () => {
  it('starts on the vehicle lead form with product 28 and the default state 92', () => {
    const s = new Session();
    expect(s.state.step).toBe('preEvaluacion');
    expect(s.state.context).toMatchObject({ codigoProducto: 28, estadoProspecto: 92, tipoDocumento: 1 });
  });

  it('covers every row of the service table', () => {
    expect(rows.length).toBe(32);
  });

  it.each(rows)('%s state %i shows %s', (step, estado, screen) => {
    const { step: stepId, answer } = TABLE_STEP[step];
    const s = at(stepId);
    answer(s, estado);
    const target = SCREEN_STEP[screen];
    if (target !== undefined) {
      // The policy evaluation first shows its phases.
      expect(s.state.step).toBe(target);
      expect(s.modal).toBeNull();
    } else {
      expect(s.modal).toBe(expectedModal(step, estado, screen));
    }
  });

  it('sends the lead to the moto pre-evaluation with product 28 and splits the plazos string', () => {
    const s = new Session().submit(LEAD);
    expect(s.call).toMatchObject({
      endpoint: 'moto.preEvaluate',
      body: { documento: '45678912', codigoProducto: 28, canal: 2 },
    });
    s.answer(prospect(0));
    expect(s.state.context.plazos).toEqual([12, 18, 24, 36]);
    expect(s.state.context.codigoProspecto).toBe(PROSPECT);
  });

  it('shows the phases 2 s, 1 s, 2 s before reading the evaluation result', () => {
    const s = at('evaluacionPoliticas');
    expect(compiled.steps.get('evaluacionPoliticas')?.step.props?.durations).toEqual([2000, 1000, 2000]);
    expect(s.effects).toContainEqual(
      expect.objectContaining({ type: 'timer', id: 'fasesCumplidas', ms: 5000 }),
    );
    s.timer('fasesCumplidas');
    expect(s.call).toMatchObject({ endpoint: 'moto.lookupProspect', body: { codigoProspecto: PROSPECT } });
  });

  it('closing the policy 24 modal starts over', () => {
    const s = at('resultadoEvaluacion').answer(prospect(24)).close();
    expect(s.state.step).toBe('preEvaluacion');
  });

  it('registers the chosen simulation with the term as numeroCuotas and keeps the service figures', () => {
    const s = at('simulador').answer({ codRes: '00', simulacion: SIMULATION, plazos: '12,18,24,36' });
    expect(s.state.context.plazos).toEqual([12, 18, 24, 36]);
    s.submit({ importeFinanciar: 6500, cuotas: 24, importeCuotas: 400 });
    expect(s.call).toMatchObject({
      endpoint: 'moto.registerSimulation',
      body: { codigoProspecto: PROSPECT, importeFinanciar: 6500, numeroCuotas: 24 },
    });
    s.answer({ ...prospect(26), simulacion: SIMULATION });
    expect(s.state.step).toBe('aprobacionCredito');
    expect(s.state.context).toMatchObject({
      importeFinanciar: 6500,
      cuotas: 24,
      importeCuotas: 401.77,
      tasa: 42.5,
    });
  });

  it('state 92 at pre-evaluation says the application is pre-approved and under review, with the SMS to follow, then home', () => {
    const s = new Session().submit(LEAD).answer(prospect(92));
    expect(s.modal).toBe('preaprobadoEnRevision');
    expect(s.close().effects).toContainEqual(expect.objectContaining({ type: 'navigate', to: '/' }));
  });

  it('state -5 (a plate already delivered) says so and keeps the form to give another plate; at documents it starts over', () => {
    const lead = new Session().submit(LEAD).answer(prospect(-5));
    expect(lead.modal).toBe('placaEntregada');
    expect(lead.close().state.step).toBe('preEvaluacion');
    const docs = at('documentos').submit({ documento: 'aGVsbG8=' }).answer(prospect(-5));
    expect(docs.modal).toBe('placaEntregadaDocumentos');
    expect(docs.close().state.step).toBe('preEvaluacion');
  });

  it('an applicant under 18 (state -2) is told so and keeps what was typed', () => {
    const s = new Session().submit(LEAD).answer(prospect(-2));
    expect(s.modal).toBe('menorDeEdad');
    expect(s.close().state.step).toBe('preEvaluacion');
  });

  it('a refused simulation stays on the simulator with the error modal', () => {
    const s = at('simulador').answer({ codRes: '00', simulacion: SIMULATION, plazos: '12,24' });
    s.submit({ importeFinanciar: 99999, cuotas: 24 }).answer({ ...prospect(26), codRes: '99' });
    expect(s.state.step).toBe('simulador');
    expect(s.modal).toBe('errorGenerico');
  });

  it.each([
    [28, 26, '/kong/reporte/cartamoto/2/4321?tipo=aprobacion'],
    [28, 92, '/kong/reporte/cartamoto/2/4321'],
    [28, 90, '/kong/reporte/cartamoto/2/4321'],
    [37, 26, '/kong/reporte/cartamotoLDBancarizador/2/4321'],
    [35, 92, '/kong/reporte/cartamotoLDBancarizador/2/4321'],
  ])('product %i in state %i links the letter %s', (producto, estado, url) => {
    const s = at('simulador');
    s.state = { ...s.state, context: { ...s.state.context, codigoProducto: producto } };
    s.answer({ codRes: '00', simulacion: SIMULATION, plazos: '12,24' });
    s.submit({ importeFinanciar: 6500, cuotas: 24 }).answer({
      ...prospect(estado === 90 ? 30 : 26),
      simulacion: SIMULATION,
    });
    s.state = { ...s.state, context: { ...s.state.context, estadoProspecto: estado } };
    expect(s.state.step).toBe('aprobacionCredito');
    expect(s.call.endpoint).toBe('moto.sendApprovalLetter');
    s.answer({ codRes: '00' });
    expect(s.state.context.urlCarta).toBe(url);
  });
});

describe('Signature fragment (steps 101-106) with the motorcycle tables', () => {
  const atLoading = () => {
    const s = at('firmaCarga');
    expect(s.call.endpoint).toBe('moto.lookupProspect');
    return s;
  };

  it('is entered from step 9 after the credit approval, with progress dots 1-3 on 103-105', () => {
    expect(atLoading().state.step).toBe('firmaCarga');
    const numbers = [
      'firmaCarga',
      'firmaDetalleCredito',
      'firmaValidacionIdentidad',
      'firmaDocumentosContrato',
      'firmaElectronica',
      'firmaFelicitaciones',
    ].map((id) => compiled.steps.get(id)?.step);
    expect(numbers.map((st) => st?.number)).toEqual([101, 102, 103, 104, 105, 106]);
    expect(numbers.map((st) => st?.progress)).toEqual([undefined, undefined, 1, 2, 3, undefined]);
  });

  it.each([
    [33, 'firmaCarga'],
    [10, 'firmaCarga'],
    [91, 'firmaCarga'],
    [92, 'firmaCarga'],
    [30, 'registroEnRevision'],
    [26, 'registroEnRevision'],
  ] as const)(
    'after the approval letter, state %i leads to %s (a registration not yet approved is said to be under review, with the SMS link to follow)',
    (estado, step) => {
      expect(at('registroAprobado').answer(prospect(estado)).state.step).toBe(step);
    },
  );

  it.each([
    [33, 'step', 'firmaDetalleCredito'],
    [10, 'modal', 'firmaCreditoAprobado'],
    [91, 'step', 'aprobacionCredito'],
    [92, 'step', 'aprobacionCredito'],
    [26, 'modal', 'firmaSolicitudEnProceso'],
  ] as const)('loading state %i opens the %s %s', (estado, kind, target) => {
    const s = atLoading().answer(prospect(estado));
    if (kind === 'step') expect(s.state.step).toBe(target);
    else expect(s.modal).toBe(target);
  });

  const atIdentity = () => {
    const s = atLoading().answer(prospect(33));
    s.answer({ ...prospect(33), simulacion: SIMULATION });
    expect(s.state.context).toMatchObject({ importeFinanciar: 6500, cuotas: 24 });
    s.submit();
    expect(s.state.step).toBe('firmaValidacionIdentidad');
    return s.answer({ codRes: '20', preguntas: [] });
  };

  it.each([
    ['00', null, 'firmaDocumentosContrato', null],
    ['01', 'firmaIdentidadNoSuperada', null, 'reload'],
    ['02', 'firmaIntentos24h', null, 'navigate'],
    ['03', 'firmaIntentos15d', null, 'navigate'],
    ['04', 'firmaSinOferta', null, 'navigate'],
  ] as const)('identity answer %s: modal %s, step %s, then %s', (code, modal, step, after) => {
    const s = atIdentity().submit({ respuestas: [] });
    expect(s.call.endpoint).toBe('identity.answers');
    // A passed validation answers the application's state beside it: 33, registration approved (spec 000 §4).
    s.answer(code === '00' ? { codRes: code, estadoProspecto: 33 } : { codRes: code });
    if (step) expect(s.state.step).toBe(step);
    if (modal) {
      expect(s.modal).toBe(modal);
      s.close();
      expect(s.effects.map((e) => e.type)).toContain(after);
    }
  });

  it('identity validation and contract documents go on by state 33 only (spec 000 §4): "00" without it says so', () => {
    const s = atIdentity().submit({ respuestas: [] }).answer({ codRes: '00', estadoProspecto: 10 });
    expect(s.state.step).toBe('firmaValidacionIdentidad');
    expect(s.modal).toBe('firmaErrorGenerico');
    const docs = atIdentity().submit({ respuestas: [] }).answer({ codRes: '00', estadoProspecto: 33 });
    docs.answer({ codRes: '00', documentos: [] }).submit({ documentosAceptados: [] });
    docs.answer({ codRes: '00' });
    expect(docs.state.step).toBe('firmaDocumentosContrato');
    expect(docs.modal).toBe('firmaTokenNoEnviado');
  });

  it('contract documents send the token and go to the signature; "00" congratulates, "01" says the token is wrong', () => {
    const s = atIdentity().submit({ respuestas: [] }).answer({ codRes: '00', estadoProspecto: 33 });
    s.answer({ codRes: '00', documentos: [] }).submit({ documentosAceptados: [] });
    // The service texts the signing code to the phone on file: the body names the application only.
    expect(s.call.endpoint).toBe('contracts.sendToken');
    expect(s.call.body).toHaveProperty('codigoProspecto');
    expect(s.call.body).not.toHaveProperty('celular');
    s.answer({ codRes: '00', estadoProspecto: 33 });
    expect(s.state.step).toBe('firmaElectronica');
    const wrong = s.submit({ token: '111111' });
    expect(wrong.call).toMatchObject({
      endpoint: 'lde.update3',
      body: { tokenSMS: '111111', codigoProspecto: PROSPECT },
    });
    wrong.answer({ codigoRespuesta: '01' });
    expect(wrong.modal).toBe('firmaTokenIncorrecto');
    wrong.close().submit({ token: '123456' }).answer({ codigoRespuesta: '00' });
    expect(wrong.state.step).toBe('firmaFelicitaciones');
  });
});
