/**
 * Plays `flows/credinstante.json` with the engine and the real endpoint registry: each code of
 * the spec's Credinstante tables (000 §4, 001 §4/§8, SCENARIOS.md) must lead where the spec says.
 */
import { describe, expect, it } from 'vitest';
import { compileFlow } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { FlowSession, readJson, readFlow } from './flow-session.ts';

const read = readJson;
const flow = readFlow('credinstante');
const messages = read('i18n/es-PE.json') as Record<string, string>;
const compiled = compileFlow(flow, ENDPOINTS);

const PROSPECT = 'P-100';

/** The flow played like the runtime would (see flow-session.ts). */
class Session extends FlowSession {
  constructor(params: Record<string, string> = {}) {
    super(compiled, params);
  }
}

const LEAD = {
  tipoDocumento: 1,
  documento: '45678912',
  fechaNacimiento: '1990-05-04',
  placa: 'ABC-123',
  recorridoxDia: 3,
  telefono: '987654321',
  email: 'ana@example.pe',
  terms: true,
};

/** How the happy path leaves each step (answers to its enter call, then its own submit). */
const HAPPY: Record<string, (s: Session) => void> = {
  preEvaluacion: (s) =>
    s
      .submit(LEAD)
      .answer({ codigoRespuesta: 0, prospecto: { codigoProspecto: PROSPECT, estadoProspecto: 0 } }),
  verificacionCelular: (s) => {
    if (s.state.pending) s.answer({ codRes: '00' });
    s.submit({ token: '123456' }).answer({ codRes: '00' });
  },
  evaluacionPoliticas: (s) => s.socket({ resultado: 1, codigoProspecto: PROSPECT }),
  simulador: (s) => {
    if (s.state.pending)
      s.answer({
        codRes: '00',
        simulacion: {
          tea: 99,
          montoMinimo: 300,
          montoMaximo: 3000,
          plazos: '6,9,12',
          desgravamenMensual: 0.079,
        },
      });
    s.submit({ importeFinanciar: 2000, cuotas: 12, importeCuotas: 250, tasa: 99 }).answer({ codRes: '00' });
  },
  validacionIdentidad: (s) => {
    if (s.state.pending) s.answer({ codRes: '20', preguntas: [{ codigo: 1, pregunta: '¿?', opciones: [] }] });
    s.submit({ respuestas: [{ codigoPregunta: 1, codigoRespuesta: 2 }] }).answer({ codRes: '00' });
  },
  confirmacionDatos: (s) =>
    s.submit({ direccion: 'Av. Arequipa 123', email: 'ana@example.pe' }).answer({ codRes: '00' }),
  datosBancarios: (s) => s.submit({ tipoDesembolso: 1, tipoCuenta: 1 }).answer({ codRes: '00' }),
  documentosContrato: (s) => {
    if (s.state.pending) s.answer({ codRes: '00', documentos: [{ tipo: 'hoja', url: '/x.pdf' }] });
    s.submit({ documentosAceptados: ['hoja'] }).answer({ codRes: '00' });
  },
  biometria: (s) => {
    if (s.state.pending) s.answer({ codRes: '00', isBiometric: true });
    s.submit({ imagen: 'data' }).answer({ codRes: '00', repeatBiometric: false, contador: 0 });
  },
};

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

describe('Credinstante flow: start and pre-evaluation', () => {
  it('starts on the lead form with the spec defaults and only the URL parameters it reads', () => {
    const s = new Session({ utm_source: 'facebook', origen: '2', other: 'x' });
    expect(s.state.step).toBe('preEvaluacion');
    expect(s.state.params).toEqual({ utm_source: 'facebook', origen: '2' });
    expect(s.state.context).toMatchObject({
      tipoDocumento: 1,
      canalAtencion: 2,
      channel: 1,
      codigoEntidad: 1,
      recorridoxDia: 3,
      grupoToken: 'CREDINSTANTE',
      tipoToken: 1,
      terms: '1',
      tipoDesembolso: 1,
      codigoProducto: 13,
      departamento: 15,
      sectorEconomico: 28,
      actividadEconomica: 338,
      profesion: 37,
      utm_source: 'facebook',
    });
  });

  it('sends the form with the context defaults to the lde pre-evaluation, once, with an idempotency key', () => {
    const s = new Session().submit(LEAD);
    expect(s.call).toMatchObject({
      endpoint: 'lde.preEvaluate',
      method: 'POST',
      path: '/v4/prospecto/v2.0/producto/lde',
      timeoutMs: 30000,
      idempotent: true,
      body: {
        documento: '45678912',
        telefono: '987654321',
        canalAtencion: 2,
        grupoToken: 'CREDINSTANTE',
        origen: 4,
      },
    });
    const again = s.submit(LEAD);
    expect(again.effects).toEqual([]);
  });

  it.each([
    [0, 'step', 'verificacionCelular'],
    [4, 'step', 'verificacionCelular'],
    [10, 'modal', 'solicitudEnProceso'],
    [11, 'modal', 'creditoActivado'],
    [2, 'modal', 'evaluacionEnProceso'],
    [99, 'modal', 'solicitudEnProceso'],
    ['01', 'modal', 'solicitudEnProceso'],
    ['03', 'modal', 'desaprobado'],
    ['04', 'modal', 'prestamoAprobado'],
    [-5, 'modal', 'noNuevasSolicitudes'],
    ['05', 'modal', 'noNuevasSolicitudes'],
    ['99', 'modal', 'tiempoDeEspera'],
    [-6, 'modal', 'listaDeEspera'],
    ['00', 'modal', 'errorGenerico'],
    [7, 'modal', 'errorGenerico'],
  ] as const)('pre-evaluation code %j opens the %s %s', (code, kind, target) => {
    const s = new Session()
      .submit(LEAD)
      .answer({ codigoRespuesta: code, prospecto: { codigoProspecto: PROSPECT } });
    if (kind === 'step') {
      expect(s.state.step).toBe(target);
      expect(s.modal).toBeNull();
    } else {
      expect(s.state.step).toBe('preEvaluacion');
      expect(s.modal).toBe(target);
    }
  });

  it('handles every code the registry says the pre-evaluation answers', () => {
    for (const code of ENDPOINTS['lde.preEvaluate'].codes) {
      const sent = /^-?[1-9]\d*$|^0$/.test(code) ? Number(code) : code;
      const s = new Session().submit(LEAD).answer({ codigoRespuesta: sent });
      expect(s.modal === 'errorGenerico', `code ${code}`).toBe(false);
    }
  });

  it('starts over after a status message, and "Lo quiero" leads to renewal', () => {
    const closed = new Session().submit(LEAD).answer({ codigoRespuesta: '03' }).close();
    expect(closed.state.step).toBe('preEvaluacion');
    expect(closed.state.forms).toEqual({});
    expect(closed.effects).toContainEqual({ type: 'clear-persisted' });
    const loQuiero = new Session().submit(LEAD).answer({ codigoRespuesta: '04' }).close(0);
    expect(loQuiero.effects).toContainEqual(expect.objectContaining({ type: 'navigate', to: '/renovacion' }));
  });

  it('greets an applicant whose offer is ready (state 4, step 9) and then shows the simulator', () => {
    const s = new Session()
      .submit(LEAD)
      .answer({ codigoRespuesta: 4, prospecto: { codigoProspecto: PROSPECT, estadoProspecto: 4 } })
      .answer({ codRes: '00' })
      .submit({ token: '123456' })
      .answer({ codRes: '00' });
    expect(compiled.steps.get(s.state.step)?.step.number).toBe(9);
    expect(s.effects).toContainEqual({ type: 'timer', id: 'aLaOferta', ms: 2500 });
    s.timer('aLaOferta');
    expect(s.state.step).toBe('simulador');
    expect(s.call).toMatchObject({
      endpoint: 'simulator.get',
      timeoutMs: 60000,
      body: { codigoProspecto: PROSPECT },
    });
  });
});

describe('Credinstante flow: an applicant under 18, or a DNI to check', () => {
  it.each([
    [-2, 'menorDeEdad'],
    [-1, 'revisarDni'],
  ] as const)('state %i says why and keeps what was typed', (estadoProspecto, modal) => {
    const s = new Session().submit(LEAD).answer({ codigoRespuesta: '03', estadoProspecto });
    expect(s.modal).toBe(modal);
    s.close();
    expect(s.state.step).toBe('preEvaluacion');
    expect(s.state.forms.preEvaluacion).toMatchObject({ documento: '45678912', placa: 'ABC-123' });
  });
});

describe('Credinstante flow: the phone code after the pre-evaluation (step 2)', () => {
  const toPhone = () =>
    new Session()
      .submit(LEAD)
      .answer({ codigoRespuesta: 0, prospecto: { codigoProspecto: PROSPECT, estadoProspecto: 0 } });

  it('texts the code to the phone typed, for this application, with the token group CREDINSTANTE and type 1', () => {
    const s = toPhone();
    expect(compiled.steps.get(s.state.step)?.step.number).toBe(2);
    expect(s.call).toMatchObject({
      endpoint: 'tokens.send',
      body: {
        codigoProspecto: PROSPECT,
        documento: '45678912',
        celular: '987654321',
        grupo: 'CREDINSTANTE',
        tipo: 1,
      },
    });
  });

  it('goes on to the evaluation only when the code is right ("00"); a wrong code says so and stays', () => {
    const s = toPhone().answer({ codRes: '00' }).submit({ token: '000000' });
    expect(s.call).toMatchObject({
      endpoint: 'tokens.validate',
      body: {
        codigoProspecto: PROSPECT,
        celular: '987654321',
        grupo: 'CREDINSTANTE',
        tipo: 1,
        token: '000000',
      },
    });
    s.answer({ codRes: '01' });
    expect([s.state.step, s.modal]).toEqual(['verificacionCelular', 'tokenIncorrecto']);
    s.close().submit({ token: '123456' }).answer({ codRes: '00' });
    expect(s.state.step).toBe('evaluacionPoliticas');
  });

  it('resends the code, and says so when no code can be sent now', () => {
    const s = toPhone().answer({ codRes: '00' }).action('resend');
    expect(s.call).toMatchObject({ endpoint: 'tokens.send', body: { celular: '987654321' } });
    s.answer({ codRes: '01' });
    expect(s.modal).toBe('tokenNoEnviado');
  });
});

describe('Credinstante flow: step 0, an application opened from its SMS link', () => {
  const opened = (estadoProspecto: number) =>
    new Session({ process: 'jwt' })
      .answer({ codRes: '00', data: { codigoProspecto: PROSPECT, documento: '45678912' } })
      .answer({ codigoRespuesta: '00', data: { estadoProspecto, telefono: '987654321' } });

  it('checks the link, then reads where the application stands', () => {
    const s = new Session({ process: 'jwt' });
    expect(compiled.steps.get(s.state.step)?.step.number).toBe(0);
    expect(s.call).toMatchObject({ endpoint: 'jwt.validate', body: { token: 'jwt' } });
    s.answer({ codRes: '00', data: { codigoProspecto: PROSPECT, documento: '45678912' } });
    expect(s.call).toMatchObject({ endpoint: 'lde.user', path: `/v4/prospecto/v2.0/users/lde/${PROSPECT}` });
  });

  it.each([
    [0, 'step', 'verificacionCelular'],
    [4, 'step', 'ofertaLista'],
    [1, 'modal', 'desaprobado'],
    [12, 'modal', 'desaprobado'],
    [2, 'modal', 'evaluacionEnProceso'],
    [10, 'modal', 'solicitudEnProceso'],
    [11, 'modal', 'creditoActivado'],
    [-5, 'modal', 'noNuevasSolicitudes'],
    [-1, 'modal', 'revisarDni'],
  ] as const)('state %i opens the %s %s', (estado, kind, target) => {
    const s = opened(estado);
    if (kind === 'step') expect([s.state.step, s.modal]).toEqual([target, null]);
    else expect(s.modal).toBe(target);
  });

  it('a tampered or expired link says so and opens the form', () => {
    for (const codRes of ['06', '07']) {
      const s = new Session({ process: 'x' }).answer({ codRes });
      expect(s.modal).toBe(codRes === '06' ? 'enlaceIncorrecto' : 'enlaceVencido');
      expect(s.close().state.step).toBe('preEvaluacion');
    }
  });
});

describe('Credinstante flow: policy evaluation on the socket', () => {
  it('waits on /credinstante for the prospect, at most 180000 ms, showing the four phases', () => {
    const s = at('evaluacionPoliticas');
    expect(s.effects).toContainEqual({
      type: 'socket',
      step: 'evaluacionPoliticas',
      namespace: '/credinstante',
      event: 'evaluacion',
      room: PROSPECT,
      maxMs: 180000,
    });
    expect(compiled.steps.get('evaluacionPoliticas')?.step.props).toEqual({
      durations: [2000, 1000, 3000, 3000],
    });
  });

  it.each([
    [1, 'step', 'simulador'],
    [0, 'modal', 'cerradoTemporalmente'],
    [3, 'modal', 'rechazado'],
    [2, 'step', 'observados'],
    [-2, 'modal', 'asesorContactara'],
    [-3, 'modal', 'smsParaContinuar'],
  ] as const)('result %j opens the %s %s', (resultado, kind, target) => {
    const s = at('evaluacionPoliticas').socket({ resultado, codigoProspecto: PROSPECT });
    if (kind === 'step') expect(s.state.step).toBe(target);
    else expect(s.modal).toBe(target);
  });

  it('tells the applicant when the evaluation takes too long, then goes home', () => {
    const s = at('evaluacionPoliticas').socketTimeout();
    expect(s.modal).toBe('evaluacionTiempoSuperado');
    expect(flow.modals?.evaluacionTiempoSuperado?.title).toBe('error.evaluationTimeout.title');
    s.close();
    expect(s.effects).toContainEqual({ type: 'navigate', to: '/' });
  });

  it('says "Tiempo máximo de espera" when the socket answers 99, and closing goes back to the form to try again', () => {
    const s = at('evaluacionPoliticas').socket({ resultado: 99, codigoProspecto: 1 });
    expect(s.modal).toBe('tiempoMaximoEspera');
    expect(flow.modals?.tiempoMaximoEspera?.title).toBe('error.socketTimeout');
    s.close();
    expect(s.state.step).toBe('preEvaluacion');
  });

  it('shows the policies to correct ("00"); with nothing to correct ("02") an advisor will call', () => {
    const observed = at('evaluacionPoliticas').socket({ resultado: 2, detalle: '00' });
    expect(observed.call.endpoint).toBe('lde.policyDetail');
    observed.answer({ codRes: '00', politicas: [{ codigo: 'P1', descripcion: 'Actualiza tu SOAT' }] });
    expect(observed.state.step).toBe('observados');
    expect(observed.state.context.politicasObservadas).toEqual([
      { codigo: 'P1', descripcion: 'Actualiza tu SOAT' },
    ]);
    const none = at('evaluacionPoliticas').socket({ resultado: 2, detalle: '02' });
    expect([none.state.step, none.modal]).toEqual(['evaluacionPoliticas', 'asesorContactara']);
  });
});

describe('Credinstante flow: simulator, identity and data', () => {
  it('goes on to identity validation when the simulation is saved ("00"), with the 60000 ms simulation timeout', () => {
    const s = at('simulador').answer({
      codRes: '00',
      simulacion: {
        tea: 99,
        montoMinimo: 300,
        montoMaximo: 3000,
        plazos: '6,9,12',
        desgravamenMensual: 0.079,
      },
    });
    // What the simulator view reads: the offer's TEA, upper amount, terms and desgravamen as a fraction.
    expect(s.state.context).toMatchObject({ tea: 99, mafmax: 3000, plazos: '6,9,12' });
    expect(s.state.context.desgravamenMonthly).toBeCloseTo(0.00079, 10);
    s.submit({ importeFinanciar: 2000, cuotas: 12, importeCuotas: 250, tasa: 99 });
    expect(s.call).toMatchObject({ endpoint: 'simulator.saveLoan', timeoutMs: 60000 });
    s.answer({ codRes: '00' });
    expect(s.state.step).toBe('validacionIdentidad');
    expect(s.call).toMatchObject({
      endpoint: 'identity.questions',
      method: 'GET',
      path: `/kong/prospecto/v1.0/producto/preguntas/${PROSPECT}`,
    });
  });

  it('shows an error on a failed simulation ("99") and thanks for the feedback (10)', () => {
    const failed = at('simulador')
      .answer({ codRes: '00' })
      .submit({ importeFinanciar: 2000 })
      .answer({ codRes: '99' });
    expect([failed.state.step, failed.modal]).toEqual(['simulador', 'errorGenerico']);
    const feedback = at('simulador').answer({ codRes: '00' }).action('rechazar');
    expect(feedback.call.endpoint).toBe('lde.rejectLoan');
    feedback.answer({ codigoRespuesta: 10 });
    expect(feedback.modal).toBe('comentarioGuardado');
  });

  it('keeps the questions ("20") and says when they cannot be obtained ("99")', () => {
    const ok = at('validacionIdentidad').answer({ codRes: '20', preguntas: [{ codigo: 1 }] });
    expect([ok.state.step, ok.modal, ok.state.context.preguntas]).toEqual([
      'validacionIdentidad',
      null,
      [{ codigo: 1 }],
    ]);
    expect(at('validacionIdentidad').answer({ codRes: '99' }).modal).toBe('preguntasNoDisponibles');
  });

  it.each([
    ['00', null, 'confirmacionDatos'],
    ['01', 'identidadNoSuperada', 'validacionIdentidad'],
    ['02', 'intentosExcedidos24h', 'validacionIdentidad'],
    ['03', 'intentosExcedidos15d', 'validacionIdentidad'],
    ['04', 'sinOfertaDisponible', 'validacionIdentidad'],
    ['08', 'identidadNoSuperada', 'validacionIdentidad'],
    ['09', 'intentosExcedidos24h', 'validacionIdentidad'],
    ['10', 'intentosExcedidos15d', 'validacionIdentidad'],
    ['11', 'sinOfertaDisponible', 'validacionIdentidad'],
    ['99', 'errorGenerico', 'validacionIdentidad'],
  ])('identity answer %s opens %s on %s', (codRes, modal, step) => {
    const s = at('validacionIdentidad')
      .answer({ codRes: '20', preguntas: [] })
      .submit({ respuestas: [] })
      .answer({ codRes });
    expect([s.state.step, s.modal]).toEqual([step, modal]);
  });

  it('asks new questions after a failed identity validation', () => {
    const s = at('validacionIdentidad')
      .answer({ codRes: '20' })
      .submit({ respuestas: [] })
      .answer({ codRes: '01' })
      .close();
    expect(s.state.step).toBe('validacionIdentidad');
    expect(s.call.endpoint).toBe('identity.questions');
  });

  it('confirms the data ("00") and then takes the bank details: "01" token not valid, "99" failure', () => {
    const s = at('confirmacionDatos').submit({ email: 'ana@example.pe' });
    expect(s.call).toMatchObject({
      endpoint: 'lde.confirmData',
      method: 'PUT',
      query: { tipo: '2' },
      body: { codigoProspecto: PROSPECT },
    });
    s.answer({ codRes: '00' });
    expect(s.state.step).toBe('datosBancarios');
    expect(at('datosBancarios').submit({}).answer({ codRes: '01' }).modal).toBe('tokenNoValido');
    expect(at('datosBancarios').submit({}).answer({ codRes: '99' }).modal).toBe('errorActualizarDatos');
    expect(at('datosBancarios').submit({}).answer({ codRes: '00' }).state.step).toBe('documentosContrato');
  });
});

describe('Credinstante flow: documents, biometrics and signature', () => {
  it('accepts generated contracts with "00" or "01", and says when the token cannot be sent ("01")', () => {
    const s = at('documentosContrato');
    expect(s.call.endpoint).toBe('contracts.generate');
    s.answer({ codRes: '01', documentos: [{ tipo: 'contrato' }] });
    expect([s.state.step, s.modal]).toEqual(['documentosContrato', null]);
    s.submit({ documentosAceptados: ['contrato'] });
    expect(s.call).toMatchObject({
      endpoint: 'contracts.sendToken',
      body: { codigoProspecto: PROSPECT },
    });
    // The service texts the signing code to the phone on file.
    expect(s.call.body).not.toHaveProperty('celular');
    expect(s.answer({ codRes: '01' }).modal).toBe('tokenNoEnviado');
  });

  it('skips the photo when there is no biometric record ("01") and signs with it noted', () => {
    const s = at('biometria').answer({ codRes: '00', isBiometric: false });
    expect(s.state.step).toBe('firmaElectronica');
    expect(s.state.context.resultadoBiometria).toBe('01');
  });

  it('warns and retries (step 7) while the counter is below 2, then continues to the signature (step 8)', () => {
    const s = at('biometria').answer({ codRes: '00', isBiometric: true });
    expect(s.state.step).toBe('biometria');
    s.submit({ imagen: 'foto1' }).answer({ codRes: '00', repeatBiometric: true, contador: 1 });
    expect(s.modal).toBe('reintentarVerificacionFacial');
    s.close();
    expect(s.state.step).toBe('biometriaReintento');
    expect(compiled.steps.get('biometriaReintento')?.step.number).toBe(7);
    s.submit({ imagen: 'foto2' }).answer({ codRes: '00', repeatBiometric: true, contador: 2 });
    expect(s.state.step).toBe('firmaElectronica');
    expect(compiled.steps.get('firmaElectronica')?.step.number).toBe(8);
  });

  it('goes on to the signature with code "99" when the biometric call fails', () => {
    const s = at('biometria').answer({ codRes: '00', isBiometric: true }).submit({ imagen: 'foto' }).fail();
    expect([s.state.step, s.modal, s.state.context.resultadoBiometria]).toEqual([
      'firmaElectronica',
      null,
      '99',
    ]);
    const check = at('biometria').fail();
    expect([check.state.step, check.state.context.resultadoBiometria]).toEqual(['firmaElectronica', '99']);
  });

  it.each([
    ['00', null, 'felicitaciones'],
    ['01', 'tokenIncorrecto', 'firmaElectronica'],
    ['02', 'ofertaYaAprobada', 'firmaElectronica'],
    ['99', 'errorFirma', 'firmaElectronica'],
  ])('signature answer %s opens %s on %s', (codRes, modal, step) => {
    const s = at('firmaElectronica').submit({ token: '123456' });
    expect(s.call).toMatchObject({
      endpoint: 'lde.update3',
      method: 'PUT',
      query: { tipo: '3' },
      body: { tokenSMS: '123456', codigoProspecto: PROSPECT },
    });
    s.answer({ codigoRespuesta: codRes });
    expect([s.state.step, s.modal]).toEqual([step, modal]);
  });

  it('ends on the congratulations, a final step', () => {
    const s = at('firmaElectronica').submit({ token: '123456' }).answer({ codigoRespuesta: '00' });
    expect(compiled.steps.get(s.state.step)?.step.final).toBe(true);
  });

  it('resends the signature token on request', () => {
    const s = at('firmaElectronica').action('resend');
    expect(s.call.endpoint).toBe('contracts.sendToken');
  });
});

describe('Credinstante flow: as data', () => {
  it('shows progress within the 7 steps the spec counts, with step numbers used once', () => {
    const numbers = Object.values(flow.steps).map((s) => s.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const step of Object.values(flow.steps))
      if (step.progress !== undefined) expect(step.progress).toBeLessThanOrEqual(7);
    expect(flow.progress?.total).toBe(7);
  });

  it('reads "Paso N de 7" in the spec\'s order: the phone code is step 2, with the policy evaluation after it', () => {
    const shown = Object.fromEntries(
      [...compiled.steps].flatMap(([id, s]) =>
        s.step.progress === undefined ? [] : [[id, s.step.progress]],
      ),
    );
    expect(shown).toMatchObject({
      preEvaluacion: 1,
      verificacionCelular: 2,
      evaluacionPoliticas: 2,
      simulador: 3,
      validacionIdentidad: 4,
      confirmacionDatos: 5,
      datosBancarios: 5,
      documentosContrato: 6,
      biometria: 6,
      biometriaReintento: 6,
      firmaElectronica: 7,
    });
  });

  it('names only texts that exist in es-PE.json, including the message-view texts', () => {
    const keys: string[] = [flow.title];
    for (const step of Object.values(flow.steps)) {
      if (step.title) keys.push(step.title);
      for (const name of ['title', 'message'])
        if (typeof step.props?.[name] === 'string') keys.push(step.props[name]);
    }
    for (const modal of Object.values(flow.modals ?? {})) {
      for (const key of [modal.title, modal.message, ...(modal.buttons ?? []).map((b) => b.label)])
        if (key) keys.push(key);
    }
    expect(keys.filter((k) => messages[k] === undefined)).toEqual([]);
  });

  it('uses only codes its endpoints can answer', () => {
    for (const [id, step] of Object.entries(flow.steps)) {
      for (const call of Object.values(step.calls ?? {})) {
        // Calls named in flows/shared say their endpoint there; a case table `on` another field holds states.
        if (call.endpoint === undefined || call.outcome?.on !== undefined) continue;
        const codes: readonly string[] = ENDPOINTS[call.endpoint as keyof typeof ENDPOINTS].codes;
        for (const code of Object.keys(call.outcome.cases ?? {}))
          expect(codes, `${id} → ${call.endpoint} case ${code}`).toContain(code);
      }
    }
  });
});
