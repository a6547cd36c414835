/**
 * Plays `flows/celulares.json` with the engine and the real endpoint registry: each code of the
 * spec's "Credinstante and celulares response codes" (000 §4, 001 §4, SCENARIOS.md) must lead
 * where the spec says for the mobile-phone product, which differs from Credinstante in what it
 * leaves out (observed-policies step, bank details, -6, signature "02") and in the renewal link.
 */
import { describe, expect, it } from 'vitest';
import { compileFlow } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { FlowSession, readJson, readFlow } from './flow-session.ts';

const read = readJson;
const flow = readFlow('celulares');
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
          montoMaximo: 2000,
          plazos: '6,9,12',
          desgravamenMensual: 0.079,
        },
      });
    s.submit({ importeFinanciar: 1500, cuotas: 9, importeCuotas: 200, tasa: 99 }).answer({ codRes: '00' });
  },
  validacionIdentidad: (s) => {
    if (s.state.pending) s.answer({ codRes: '20', preguntas: [{ codigo: 1, pregunta: '¿?', opciones: [] }] });
    s.submit({ respuestas: [{ codigoPregunta: 1, codigoRespuesta: 2 }] }).answer({ codRes: '00' });
  },
  confirmacionDatos: (s) =>
    s.submit({ direccion: 'Av. Arequipa 123', email: 'ana@example.pe' }).answer({ codRes: '00' }),
  documentosContrato: (s) => {
    if (s.state.pending) s.answer({ codRes: '00', documentos: [{ tipo: 'hojaResumen', url: '/x.pdf' }] });
    s.submit({ documentosAceptados: ['hojaResumen'] }).answer({ codRes: '00' });
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

describe('Celulares flow: start and pre-evaluation', () => {
  it('starts on the phone lead form with product 58, the CELULARES token group, and reads no utm_content or origen', () => {
    const s = new Session({ utm_source: 'facebook', utm_content: 'banner', origen: '2', channel: '3' });
    expect(s.state.step).toBe('preEvaluacion');
    expect(compiled.steps.get('preEvaluacion')?.step.form).toBe('lead-celulares');
    expect(s.state.params).toEqual({ utm_source: 'facebook', channel: '3' });
    expect(s.state.context).toMatchObject({
      codigoProducto: 58,
      grupoToken: 'CELULARES',
      tipoToken: 1,
      tipoDocumento: 1,
      canalAtencion: 2,
      origen: 4,
      codigoEntidad: 1,
      terms: '1',
      utm_source: 'facebook',
    });
    expect(s.state.context.utm_content).toBeUndefined();
    expect(s.state.context.placa).toBeUndefined();
  });

  it('sends the lead with product 58 and the CELULARES group to the lde pre-evaluation', () => {
    const s = new Session().submit(LEAD);
    expect(s.call).toMatchObject({
      endpoint: 'lde.preEvaluate',
      method: 'POST',
      path: '/v4/prospecto/v2.0/producto/lde',
      body: {
        documento: '45678912',
        telefono: '987654321',
        codigoProducto: 58,
        grupoToken: 'CELULARES',
        tipoToken: 1,
      },
    });
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
    [-6, 'modal', 'errorGenerico'],
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

  it('has no waiting-list image: -6 belongs to Credinstante only', () => {
    expect(Object.values(flow.modals ?? {}).some((m) => m.kind === 'image')).toBe(false);
  });

  it('offers the renewal as a link on "04" instead of "Lo quiero"', () => {
    const modal = flow.modals?.prestamoAprobado;
    expect(modal?.buttons).toEqual([
      {
        label: 'status.irARenovacion',
        action: { redirect: '/renovacion', carry: true },
        link: '/renovacion',
      },
    ]);
    expect(messages[modal?.buttons?.[0]?.label ?? '']).toBe('Ir a renovación');
    const s = new Session().submit(LEAD).answer({ codigoRespuesta: '04' }).close(0);
    // What was typed goes along (renovacion-handoff.test.ts), never in the address.
    expect(s.effects).toContainEqual(expect.objectContaining({ type: 'navigate', to: '/renovacion' }));
  });

  it('greets an applicant whose offer is ready (state 4) and then shows the simulator', () => {
    const s = new Session()
      .submit(LEAD)
      .answer({ codigoRespuesta: 4, prospecto: { codigoProspecto: PROSPECT, estadoProspecto: 4 } })
      .answer({ codRes: '00' })
      .submit({ token: '123456' })
      .answer({ codRes: '00' });
    s.timer('aLaOferta');
    expect(s.state.step).toBe('simulador');
    expect(s.call.endpoint).toBe('simulator.get');
  });
});

describe('Celulares flow: phone code, the SMS link and what it does not pre-fill', () => {
  it('texts the code with the token group CELULARES', () => {
    const s = new Session()
      .submit(LEAD)
      .answer({ codigoRespuesta: 0, prospecto: { codigoProspecto: PROSPECT, estadoProspecto: 0 } });
    expect(s.call).toMatchObject({ endpoint: 'tokens.send', body: { grupo: 'CELULARES', tipo: 1 } });
  });

  it('opens an application whose offer is ready (state 4) on the simulator (step 3), not step 9', () => {
    const s = new Session({ process: 'jwt' })
      .answer({ codRes: '00', data: { codigoProspecto: PROSPECT, documento: '45678912' } })
      .answer({ codigoRespuesta: '00', data: { estadoProspecto: 4 } });
    expect(s.state.step).toBe('simulador');
  });

  it('leaves the economic sector, activity and profession for the applicant (no taxi codes)', () => {
    const s = new Session();
    for (const k of ['sectorEconomico', 'actividadEconomica', 'profesion'])
      expect(s.state.context[k] ?? null, k).toBeNull();
  });
});

describe('Celulares flow: policy evaluation on the socket', () => {
  it('waits on /celulares for the prospect, at most 180000 ms, showing the phases 2 s, 1 s, 3 s, 3 s', () => {
    const s = at('evaluacionPoliticas');
    expect(s.effects).toContainEqual({
      type: 'socket',
      step: 'evaluacionPoliticas',
      namespace: '/celulares',
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
    [-1, 'modal', 'contactarAsesor'],
    // 2 is Credinstante's observation: the /celulares socket answers -1 instead, so 2 is unexpected here.
    [2, 'modal', 'errorGenerico'],
    [-2, 'modal', 'asesorContactara'],
    [-3, 'modal', 'smsParaContinuar'],
    [5, 'modal', 'errorGenerico'],
  ] as const)('result %j opens the %s %s', (resultado, kind, target) => {
    const s = at('evaluacionPoliticas').socket({ resultado, codigoProspecto: PROSPECT });
    if (kind === 'step') expect(s.state.step).toBe(target);
    else expect([s.state.step, s.modal]).toEqual(['evaluacionPoliticas', target]);
  });

  it('asks an observed applicant (-1) to contact an advisor, with no observed-policies step, then goes home', () => {
    expect(Object.keys(flow.steps)).not.toContain('observados');
    expect(messages[flow.modals?.contactarAsesor?.message ?? '']).toMatch(/comunícate con un asesor/);
    const s = at('evaluacionPoliticas').socket({ resultado: -1 }).close();
    expect(s.effects).toContainEqual({ type: 'navigate', to: '/' });
  });

  it('tells the applicant when the evaluation takes too long', () => {
    expect(at('evaluacionPoliticas').socketTimeout().modal).toBe('evaluacionTiempoSuperado');
  });
});

describe('Celulares flow: simulator, identity and data', () => {
  it('shows an error on a failed simulation ("99") and thanks for the feedback (10)', () => {
    const failed = at('simulador')
      .answer({ codRes: '00' })
      .submit({ importeFinanciar: 1500 })
      .answer({ codRes: '99' });
    expect([failed.state.step, failed.modal]).toEqual(['simulador', 'errorGenerico']);
    const feedback = at('simulador')
      .answer({ codRes: '00' })
      .action('rechazar')
      .answer({ codigoRespuesta: 10 });
    expect(feedback.modal).toBe('comentarioGuardado');
  });

  it.each([
    ['00', null, 'confirmacionDatos'],
    ['01', 'identidadNoSuperada', 'validacionIdentidad'],
    ['02', 'intentosExcedidos24h', 'validacionIdentidad'],
    ['03', 'intentosExcedidos15d', 'validacionIdentidad'],
    ['04', 'sinOfertaDisponible', 'validacionIdentidad'],
    ['99', 'errorGenerico', 'validacionIdentidad'],
  ])('identity answer %s opens %s on %s', (codRes, modal, step) => {
    const s = at('validacionIdentidad')
      .answer({ codRes: '20', preguntas: [] })
      .submit({ respuestas: [] })
      .answer({ codRes });
    expect([s.state.step, s.modal]).toEqual([step, modal]);
  });

  it('says when the questions cannot be obtained ("99")', () => {
    expect(at('validacionIdentidad').answer({ codRes: '99' }).modal).toBe('preguntasNoDisponibles');
  });

  it('goes from the confirmed data ("00") straight to the contract documents: no bank-details step', () => {
    expect(Object.keys(flow.steps)).not.toContain('datosBancarios');
    const s = at('confirmacionDatos').submit({ email: 'ana@example.pe', marca: '1', modelo: '2' });
    expect(s.call).toMatchObject({
      endpoint: 'lde.confirmData',
      query: { tipo: '2' },
      body: { codigoProspecto: PROSPECT, marca: '1' },
    });
    s.answer({ codRes: '00' });
    expect(s.state.step).toBe('documentosContrato');
    expect(s.call.endpoint).toBe('contracts.generate');
    expect(at('confirmacionDatos').submit({}).answer({ codRes: '99' }).modal).toBe('errorActualizarDatos');
  });
});

describe('Celulares flow: documents, biometrics and signature', () => {
  it('says when the token cannot be sent ("01")', () => {
    const s = at('documentosContrato')
      .answer({ codRes: '00', documentos: [] })
      .submit({ documentosAceptados: [] });
    // The service texts the signing code to the phone on file: the body names the application only.
    expect(s.call.endpoint).toBe('contracts.sendToken');
    expect(s.call.body).toHaveProperty('codigoProspecto');
    expect(s.call.body).not.toHaveProperty('celular');
    expect(s.answer({ codRes: '01' }).modal).toBe('tokenNoEnviado');
  });

  it('signs without the photo when there is no biometric record ("01"), and with "99" when the call fails', () => {
    expect(
      at('biometria').answer({ codRes: '00', isBiometric: false }).state.context.resultadoBiometria,
    ).toBe('01');
    const failed = at('biometria').answer({ codRes: '00', isBiometric: true }).submit({ imagen: 'x' }).fail();
    expect([failed.state.step, failed.state.context.resultadoBiometria]).toEqual(['firmaElectronica', '99']);
  });

  it('warns and retries (step 7) while the counter is below 2, then signs (step 8)', () => {
    const s = at('biometria').answer({ codRes: '00', isBiometric: true });
    s.submit({ imagen: 'f1' }).answer({ codRes: '00', repeatBiometric: true, contador: 1 });
    expect(s.modal).toBe('reintentarVerificacionFacial');
    s.close();
    expect(s.state.step).toBe('biometriaReintento');
    s.submit({ imagen: 'f2' }).answer({ codRes: '00', repeatBiometric: true, contador: 2 });
    expect(s.state.step).toBe('firmaElectronica');
  });

  it.each([
    ['00', null, 'felicitaciones'],
    ['01', 'tokenIncorrecto', 'firmaElectronica'],
    ['02', 'errorFirma', 'firmaElectronica'],
    ['99', 'errorFirma', 'firmaElectronica'],
  ])(
    'signature answer %s opens %s on %s ("02", an approved offer, is Credinstante only)',
    (codRes, modal, step) => {
      const s = at('firmaElectronica').submit({ token: '123456' });
      expect(s.call).toMatchObject({
        endpoint: 'lde.update3',
        body: { tokenSMS: '123456', codigoProspecto: PROSPECT },
      });
      s.answer({ codigoRespuesta: codRes });
      expect([s.state.step, s.modal]).toEqual([step, modal]);
    },
  );
});

describe('Celulares flow: as data', () => {
  it('shows progress within 7 steps, with step numbers used once', () => {
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
      documentosContrato: 6,
      biometria: 6,
      biometriaReintento: 6,
      firmaElectronica: 7,
    });
  });

  it('names only texts that exist in es-PE.json', () => {
    const keys: string[] = [flow.title];
    for (const step of Object.values(flow.steps)) {
      if (step.title) keys.push(step.title);
      for (const name of ['title', 'message'])
        if (typeof step.props?.[name] === 'string') keys.push(step.props[name]);
    }
    for (const modal of Object.values(flow.modals ?? {}))
      for (const key of [modal.title, modal.message, ...(modal.buttons ?? []).map((b) => b.label)])
        if (key) keys.push(key);
    expect(keys.filter((k) => messages[k] === undefined)).toEqual([]);
  });

  it('uses only codes its endpoints can answer', () => {
    for (const [id, step] of Object.entries(flow.steps))
      for (const call of Object.values(step.calls ?? {})) {
        // Calls named in flows/shared say their endpoint there; a case table `on` another field holds states.
        if (call.endpoint === undefined || call.outcome?.on !== undefined) continue;
        const codes: readonly string[] = ENDPOINTS[call.endpoint as keyof typeof ENDPOINTS].codes;
        for (const code of Object.keys(call.outcome.cases ?? {}))
          expect(codes, `${id} → ${call.endpoint} case ${code}`).toContain(code);
      }
  });
});
