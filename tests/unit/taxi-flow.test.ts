/**
 * Plays `flows/taxi-profesional.json` with the engine and the real endpoint registry: the
 * customer check must lead where the service's own rule (`taxiCheckRoute`, spec 000 §4
 * "Vehicle flow via server steps") says for every answer of SCENARIOS.md, the server steps
 * must advance only on state 9, the documents must move two steps with an office and one
 * without (one with an office in the SOAT variant, to the SOAT emission), and the calls must
 * carry the vehicle defaults and the prospect.
 */
import { describe, expect, it } from 'vitest';
import { compileFlow } from '../../src/engine/index.ts';
import { ENDPOINTS } from '../../src/engine/endpoints.ts';
import { FlowSession, readFlow } from './flow-session.ts';
import { taxiCheckRoute, type TaxiCheck } from '../../src/server/domain/vehicle-states.ts';
import { TAXI_DEFAULTS } from '../../src/server/sandbox/handlers/taxi.ts';

const flow = readFlow('taxi-profesional');
const fragments = { 'fragments/cotizacion': readFlow('fragments/cotizacion') };
const compiled = compileFlow(flow, ENDPOINTS, fragments);

const PROSPECT = 777;

/** The flow played like the runtime would (see flow-session.ts), with the spec's step number. */
class Session extends FlowSession {
  constructor(f = compiled, params: Record<string, string> = {}) {
    super(f, params);
  }
  get number(): number {
    return flow.steps[this.state.step]!.number;
  }
}

const CHECK_FORM = { documento: '45678912', placa: 'ABC-123' };
const DATA_FORM = {
  estadoCivil: 'SO',
  genero: 'M',
  nivelEducacion: 'SC',
  situacionLaboral: 'D',
  ingresoMensual: 3500,
  tipoVia: 'AV',
  direccion: 'Arequipa',
};
const VEHICLE_FORM = { marcaVehiculo: 'TOYOTA', modeloVehiculo: 'Yaris', anioFabricacion: 2022, sede: 1 };
const SIMULATION = {
  importeFinanciar: 15000,
  cuotas: 36,
  importeCuotas: 702.15,
  tea: 38.5,
  importeMinimo: 3000,
  seguroDesgravamen: 0.08,
  plazos: '12,24,36,48',
};
const step = (estado: number) => ({ codigoRespuesta: '00', codigoEstado: estado, codigoProspecto: PROSPECT });
const IMAGES = {
  imagenDocumento: 'aA==',
  imagenTarjetaPropiedad: 'aA==',
  imagenSoat: 'aA==',
  imagenReciboServicio: 'aA==',
  imagenRevisionTecnica: 'aA==',
};

/** A session at the customer check, step 1 (0 is the quote link's loading step). */
function atCheck(f = compiled): Session {
  const s = new Session(f);
  expect(s.state.step).toBe('verificacion');
  expect(s.number).toBe(1);
  expect(s.state.pending).toBeNull();
  return s;
}

/** A customer checked (state 9), personal data sent (state 9) and the phases shown: the admission score is asked. */
function atScore(): Session {
  return atCheck()
    .submit(CHECK_FORM)
    .answer(step(9))
    .close()
    .submit(DATA_FORM)
    .answer(step(9))
    .timer('fasesCumplidas');
}

/** A session at the documents step, with `sede` and the SOAT choice made in the vehicle step. */
function atDocuments(sede = 1, emitirSoat = false): Session {
  const s = atCheck().submit(CHECK_FORM).answer(step(9)).close();
  s.submit(DATA_FORM).answer(step(9)).timer('fasesCumplidas');
  s.answer({ codigoRespuesta: '00', score: 700, resultado: 1, importeMaximo: 20000 });
  s.submit({ ...VEHICLE_FORM, sede, emitirSoat }).answer(step(9));
  s.answer({ codigoRespuesta: '00', simulacion: SIMULATION });
  s.submit({ importeFinanciar: 15000, cuotas: 36 }).answer({ codigoRespuesta: '00', simulacion: SIMULATION });
  s.answer({ codigoRespuesta: '00', importeCuotas: 702.15, cuotaMaxima: 1400, cumpleCapacidad: true });
  expect(s.state.step).toBe(emitirSoat ? 'documentosSoat' : 'documentos');
  return s;
}

/** The flow's step for each step number the service's rule names. */
const STEP_OF_NUMBER: Record<number, string> = { 1: 'verificacion', 2: 'datos' };
/** The flow's modal for each modal number of the rule. */
const MODAL_OF_NUMBER: Record<number, string> = {
  1: 'estado1',
  3: 'estado3',
  9: 'estado9',
  5: 'estado5',
  7: 'solicitudEnProceso',
  4: 'evaluacionEnProceso',
  8: 'errorFlujo',
  10: 'verificacionFallida',
};

/** The answers of SCENARIOS.md "Taxi and vehicle flow through server steps". */
const CHECKS: { dni: string; check: TaxiCheck }[] = [
  { dni: '(unlisted)', check: { codigoRespuesta: '00', codigoEstado: 9 } },
  { dni: '60000001', check: { codigoRespuesta: '00', codigoEstado: 1 } },
  { dni: '60000003', check: { codigoRespuesta: '00', codigoEstado: 3 } },
  { dni: '60000005', check: { codigoRespuesta: '00', codigoEstado: 5 } },
  { dni: '61000001', check: { codigoRespuesta: '01', codigoEstado: 1 } },
  { dni: '61000002', check: { codigoRespuesta: '01', codigoEstado: 2 } },
  { dni: '69000099', check: { codigoRespuesta: '99', codigoEstado: null } },
  { dni: '69000098', check: { codigoRespuesta: '98', codigoEstado: null } },
];

describe('taxi-profesional: the customer check (paso 0)', () => {
  it('sends the vehicle defaults, product 31 and the applicant to paso 0', () => {
    const s = atCheck().submit(CHECK_FORM);
    expect(s.call.endpoint).toBe('taxi.step0');
    expect(s.call.body).toMatchObject({
      ...CHECK_FORM,
      codigoProducto: 31,
      tipoDocumento: 1,
      canal: TAXI_DEFAULTS.canal,
      canalColocacion: TAXI_DEFAULTS.canalColocacion,
    });
    expect(flow.context).toMatchObject(TAXI_DEFAULTS);
  });

  it.each(CHECKS)(
    '$dni ($check.codigoRespuesta, state $check.codigoEstado) leads where the service rule says',
    ({ check }) => {
      const route = taxiCheckRoute(check, { codigoProducto: 31 });
      const s = atCheck()
        .submit(CHECK_FORM)
        .answer({ ...check, ...(check.codigoRespuesta === '00' ? { codigoProspecto: PROSPECT } : {}) });
      expect(s.modal).toBe(MODAL_OF_NUMBER[route.modal!]);
      s.close();
      expect(s.state.step).toBe(STEP_OF_NUMBER[route.step ?? 1]);
    },
  );

  it('any other "00" state stays on step 1 with a modal naming the state', () => {
    const s = atCheck().submit(CHECK_FORM).answer(step(6));
    expect(taxiCheckRoute({ codigoRespuesta: '00', codigoEstado: 6 })).toEqual({ step: 1, modal: 6 });
    expect(s.modal).toBe('estadoOtro');
    expect(s.state.modal?.vars).toMatchObject({ codigoEstado: 6 });
    expect(s.close().state.step).toBe('verificacion');
  });

  it('product 25 subproduct 2 is routed without the state modal; this flow, always product 31, shows it', () => {
    for (const estado of [1, 3, 9])
      expect(
        taxiCheckRoute(
          { codigoRespuesta: '00', codigoEstado: estado },
          { codigoProducto: 25, codigoSubProducto: 2 },
        ),
      ).toEqual({ step: 2, modal: null });
    expect(flow.context).toMatchObject({ codigoProducto: 31, codigoSubProducto: 1 });
    expect(atCheck().submit(CHECK_FORM).answer(step(9)).modal).toBe('estado9');
  });
});

describe('taxi-profesional: the server steps', () => {
  it('the data (registro/adicional/taxi, recorded as paso 1) on state 9 go on to the 1 s phases and the admission score; otherwise step 1 with modal 8', () => {
    const ok = atCheck().submit(CHECK_FORM).answer(step(9)).close().submit(DATA_FORM);
    expect(ok.call.endpoint).toBe('taxi.registerAdditional');
    expect(ok.call.body).toMatchObject({ codigoProspecto: PROSPECT, ingresoMensual: 3500 });
    ok.answer(step(9));
    expect(ok.state.step).toBe('evaluacion');
    expect(flow.steps.evaluacion!.props?.durations).toEqual([1000, 1000, 1000]);
    ok.timer('fasesCumplidas');
    expect(ok.call.endpoint).toBe('taxi.scoreAdmission');
    expect(ok.call.body).toMatchObject({ codigoProspecto: PROSPECT, tipoEvaluacion: 6 });
    expect(ok.answer({ codigoRespuesta: '00', resultado: 1, importeMaximo: 20000 }).state.step).toBe(
      'vehiculo',
    );

    const blocked = atCheck().submit(CHECK_FORM).answer(step(1)).close().submit(DATA_FORM).answer(step(1));
    expect(blocked.modal).toBe('errorFlujo');
    // Closing it starts the application over, at the customer check.
    expect(blocked.close().state.step).toBe('verificacion');
  });

  it('a client the admission score does not admit reads the rejection', () => {
    const s = atScore();
    expect(s.answer({ codigoRespuesta: '00', resultado: 3, importeMaximo: 0 }).state.step).toBe('rechazo');
  });

  it('the vehicle (paso 2) on state 9 goes to step 4, the simulation, with simulation type 1', () => {
    const s = atScore();
    s.answer({ codigoRespuesta: '00', resultado: 1, importeMaximo: 20000 }).submit(VEHICLE_FORM);
    expect(s.call.endpoint).toBe('taxi.step2');
    expect(s.call.body).toMatchObject({
      codigoProspecto: PROSPECT,
      placa: 'ABC-123',
      numeroAsientos: 4,
      sede: 1,
    });
    s.answer(step(9));
    expect(s.number).toBe(4);
    expect(s.call.endpoint).toBe('taxi.scoreSimulator');
    expect(s.call.body).toMatchObject({
      tipoSimulacion: 1,
      codigoProducto: 31,
      tipoSeguroDesgravamen: 1,
      diasHabiles: true,
    });
  });

  it("the simulation's condicion 12 (preferential rate) opens its modal and keeps the applicant on the simulator with both rates", () => {
    const s = atScore();
    s.answer({ codigoRespuesta: '00', resultado: 1, importeMaximo: 20000 })
      .submit(VEHICLE_FORM)
      .answer(step(9));
    s.answer({
      codigoRespuesta: '00',
      condicion: 12,
      simulacion: { ...SIMULATION, condicionSimulacion: { pr_teaact: 45, pr_teanue: 38 } },
    });
    expect(s.modal).toBe('tasaPreferente');
    expect(s.state.context).toMatchObject({ pr_teaact: 45, pr_teanue: 38 });
    expect(s.close().state.step).toBe('simulacion');
    const plain = atScore();
    plain
      .answer({ codigoRespuesta: '00', resultado: 1, importeMaximo: 20000 })
      .submit(VEHICLE_FORM)
      .answer(step(9));
    expect(plain.answer({ codigoRespuesta: '00', simulacion: SIMULATION }).modal).toBeNull();
  });

  it('every vehicle default of the spec reaches a call body: canal 2, placement channel 4, numeroAsientos 4, evaluation type 6, simulation type 1, credit-life insurance type 1, business days', () => {
    const bodies: Record<string, Record<string, unknown> | null> = {};
    const s = atCheck().submit(CHECK_FORM);
    bodies[s.call.endpoint] = s.call.body;
    s.answer(step(9)).close().submit(DATA_FORM).answer(step(9)).timer('fasesCumplidas');
    bodies[s.call.endpoint] = s.call.body;
    s.answer({ codigoRespuesta: '00', resultado: 1, importeMaximo: 20000 }).submit(VEHICLE_FORM);
    bodies[s.call.endpoint] = s.call.body;
    s.answer(step(9));
    s.answer({ codigoRespuesta: '00', simulacion: SIMULATION }).submit({
      importeFinanciar: 15000,
      cuotas: 36,
    });
    bodies[s.call.endpoint] = s.call.body;
    s.answer({ codigoRespuesta: '00', simulacion: SIMULATION });
    bodies[s.call.endpoint] = s.call.body;
    expect(bodies['taxi.step0']).toMatchObject({ canal: 2, canalColocacion: 4 });
    expect(bodies['taxi.scoreAdmission']).toMatchObject({ tipoEvaluacion: 6 });
    expect(bodies['taxi.step2']).toMatchObject({ numeroAsientos: 4 });
    expect(bodies['taxi.scoreSimulator']).toMatchObject({
      tipoSimulacion: 1,
      tipoSeguroDesgravamen: 1,
      diasHabiles: true,
      numeroCuotas: 36,
    });
    expect(bodies['taxi.scoreQuota']).toMatchObject({
      tipoSimulacion: 1,
      tipoSeguroDesgravamen: 1,
      diasHabiles: true,
    });
  });

  it('an instalment above the payment capacity goes back to the simulator', () => {
    const s = atDocuments();
    const back = atScore();
    back
      .answer({ codigoRespuesta: '00', resultado: 1 })
      .submit(VEHICLE_FORM)
      .answer(step(9))
      .answer({ codigoRespuesta: '00', simulacion: SIMULATION });
    back
      .submit({ importeFinanciar: 15000, cuotas: 36 })
      .answer({ codigoRespuesta: '00', simulacion: SIMULATION });
    expect(back.call.body).toMatchObject({ importeFinanciar: 15000, numeroCuotas: 36, ingresoMensual: 3500 });
    back.answer({ codigoRespuesta: '00', cumpleCapacidad: false });
    expect(back.modal).toBe('cuotaExcedeCapacidad');
    expect(back.close().state.step).toBe('simulacion');
    expect(s.state.step).toBe('documentos');
  });
});

describe('taxi-profesional: the documents (paso 3)', () => {
  it('sends the five images; with an office and all of them it moves two steps to the letter, keeping the file number', () => {
    const s = atDocuments().submit(IMAGES);
    expect(s.call.endpoint).toBe('taxi.step3');
    expect(s.call.body).toEqual({ codigoProspecto: PROSPECT, ...IMAGES });
    s.answer({ ...step(9), codigoExpediente: 'EXP-2026-0000777' });
    expect(s.state.step).toBe('confirmacion');
    expect(s.number).toBe(6);
    expect(s.state.context).toMatchObject({
      codigoExpediente: 'EXP-2026-0000777',
      urlCarta: `/kong/reporte/cartataxi/2/${PROSPECT}`,
      importeFinanciar: 15000,
      importeCuotas: 702.15,
      cuotas: 36,
    });
    // After the letter, what happens next: the application ends there, not on the home page.
    s.submit();
    expect(s.state.step).toBe('siguientesPasos');
    expect(s.number).toBe(6);
    expect(s.state.done).toBe(false);
  });

  it('with an office and a document missing it stays with modal 11', () => {
    const s = atDocuments()
      .submit({ imagenDocumento: 'aA==' })
      .answer({
        codigoRespuesta: '01',
        codigoEstado: 11,
        codigoProspecto: PROSPECT,
        faltantes: ['imagenSoat'],
      });
    expect(s.modal).toBe('documentosFaltantes');
    expect(s.close().state.step).toBe('documentos');
  });

  it('without an office it moves one step, whatever is missing', () => {
    for (const answer of [step(9), { codigoRespuesta: '01', codigoEstado: 11, codigoProspecto: PROSPECT }]) {
      const s = atDocuments(0).submit({ imagenDocumento: 'aA==' }).answer(answer);
      expect(s.state.step).toBe('registrada');
      expect(s.number).toBe(5);
    }
  });

  it('the taxi letter follows the product: mototaxi 29 and motofurgon 36 have their own', () => {
    for (const [producto, path] of [
      [29, 'cartamototaxi'],
      [36, 'cartamotofurgon'],
      [31, 'cartataxi'],
    ] as const) {
      for (const emitirSoat of [false, true]) {
        const f = compileFlow(
          { ...flow, context: { ...flow.context, codigoProducto: producto } },
          ENDPOINTS,
          fragments,
        );
        const s = new Session(f).timer('listo').submit(CHECK_FORM).answer(step(9)).close();
        s.submit(DATA_FORM).answer(step(9)).timer('fasesCumplidas');
        s.answer({ codigoRespuesta: '00', resultado: 1 })
          .submit({ ...VEHICLE_FORM, emitirSoat })
          .answer(step(9));
        s.answer({ codigoRespuesta: '00', simulacion: SIMULATION })
          .submit({ importeFinanciar: 15000, cuotas: 36 })
          .answer({ codigoRespuesta: '00', simulacion: SIMULATION });
        s.answer({ codigoRespuesta: '00', cumpleCapacidad: true })
          .submit(IMAGES)
          .answer({ ...step(9), codigoExpediente: 'E' });
        expect(s.state.context.urlCarta).toBe(`/kong/reporte/${path}/2/${PROSPECT}`);
      }
    }
  });

  it('the upload step names the five document slots of the service', () => {
    const slots = (flow.steps.documentos!.props?.slots as { id: string }[]).map((x) => x.id);
    expect(slots).toEqual([
      'imagenDocumento',
      'imagenTarjetaPropiedad',
      'imagenSoat',
      'imagenReciboServicio',
      'imagenRevisionTecnica',
    ]);
  });
});

describe('taxi-profesional: the SOAT variant', () => {
  const FOUR = {
    imagenDocumento: 'aA==',
    imagenTarjetaPropiedad: 'aA==',
    imagenReciboServicio: 'aA==',
    imagenRevisionTecnica: 'aA==',
  };

  it('the vehicle step sends the SOAT choice, and a fitting instalment leads to the four documents other than the SOAT', () => {
    const s = atDocuments(1, true);
    expect(s.number).toBe(4);
    const slots = (flow.steps.documentosSoat!.props?.slots as { id: string }[]).map((x) => x.id);
    expect(slots).toEqual([
      'imagenDocumento',
      'imagenTarjetaPropiedad',
      'imagenReciboServicio',
      'imagenRevisionTecnica',
    ]);
    s.submit(FOUR);
    expect(s.call.endpoint).toBe('taxi.step3');
    expect(s.call.body).toEqual({ codigoProspecto: PROSPECT, ...FOUR });
  });

  it('with an office and the four documents it moves one step, to the SOAT emission, then shows the policy and goes on to the letter', () => {
    const s = atDocuments(1, true)
      .submit(FOUR)
      .answer({ ...step(9), codigoExpediente: 'EXP-2026-0000777', emitirSoat: true });
    expect(s.state.step).toBe('emisionSoat');
    expect(s.number).toBe(5);
    expect(s.call.endpoint).toBe('taxi.emitSoat');
    expect(s.call.body).toEqual({ codigoProspecto: PROSPECT, numeroAsientos: 4 });
    s.answer({
      codigoRespuesta: '00',
      numeroPoliza: 'SOAT-2026-ABC123-000777',
      urlEmision: `/kong/reporte/soat/2/${PROSPECT}`,
      vigenciaHasta: '2027-03-02',
    });
    expect(s.state.step).toBe('soat');
    expect(s.number).toBe(5);
    expect(s.state.context).toMatchObject({
      numeroPoliza: 'SOAT-2026-ABC123-000777',
      urlEmision: `/kong/reporte/soat/2/${PROSPECT}`,
      codigoExpediente: 'EXP-2026-0000777',
    });
    s.submit({});
    expect(s.state.step).toBe('confirmacion');
    expect(s.number).toBe(6);
    expect(s.state.context.urlCarta).toBe(`/kong/reporte/cartataxi/2/${PROSPECT}`);
  });

  it('when the SOAT cannot be emitted the applicant is told an advisor will, and goes on to the letter', () => {
    const s = atDocuments(1, true)
      .submit(FOUR)
      .answer({ ...step(9), codigoExpediente: 'EXP-2026-0000777' });
    s.answer({ codigoRespuesta: '99', detalleRespuesta: 'no' });
    expect(s.modal).toBe('soatNoEmitido');
    expect(s.close().state.step).toBe('confirmacion');
  });

  it('with an office and a document missing it stays with modal 11 naming four documents', () => {
    const s = atDocuments(1, true)
      .submit({ imagenDocumento: 'aA==' })
      .answer({ codigoRespuesta: '01', codigoEstado: 11, codigoProspecto: PROSPECT });
    expect(s.modal).toBe('documentosFaltantesSoat');
    expect(s.close().state.step).toBe('documentosSoat');
  });

  it('without an office it moves one step to the registered application, like the other variant', () => {
    const s = atDocuments(0, true)
      .submit({ imagenDocumento: 'aA==' })
      .answer({ codigoRespuesta: '01', codigoEstado: 11, codigoProspecto: PROSPECT });
    expect(s.state.step).toBe('registrada');
  });
});

it('numbers its steps 0 (the quote link opening) to 6', () => {
  const numbers = [...compiled.steps.values()].map((x) => x.step.number);
  expect([...new Set(numbers)].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  expect(compiled.steps.get('abrirCotizacion')!.step.number).toBe(0);
});

describe('a taxi quote link (/cotizador/taxi → ?cotizacion=…) opens taxi-profesional with what the quote gave', () => {
  const QUOTE = 900000124;

  it('validates the link, reads the quoted simulation, prefills the DNI and, after the checks, the simulator (editable)', () => {
    const s = new Session(compiled, { cotizacion: 'jwt-firmado' });
    expect(s.state.step).toBe('abrirCotizacion');
    expect(s.call).toMatchObject({ endpoint: 'jwt.validate', body: { token: 'jwt-firmado' } });
    s.answer({
      codRes: '00',
      data: { codigoProspecto: QUOTE, documento: '45678912', purpose: 'quote', kind: 'vehicle' },
    });
    expect(s.call.endpoint).toBe('consumo.getSimulation');
    expect(s.call.path).toContain(`/${QUOTE}`);
    s.answer({
      codRes: '00',
      prospecto: { codigoProspecto: QUOTE, documento: '45678912', telefono: '987654321' },
      simulacion: { importeFinanciar: 18000, cuotas: 36 },
    });
    expect(s.state.step).toBe('verificacion');
    expect(s.state.forms.verificacion).toEqual({ documento: '45678912' });
    // The taxi application is the one the customer check opens; the simulator starts at the quote.
    s.submit(CHECK_FORM).answer(step(9)).close();
    expect(s.state.context.codigoProspecto).toBe(PROSPECT);
    s.submit(DATA_FORM).answer(step(9)).timer('fasesCumplidas');
    s.answer({ codigoRespuesta: '00', resultado: 1, importeMaximo: 20000 })
      .submit(VEHICLE_FORM)
      .answer(step(9));
    expect(s.state.step).toBe('simulacion');
    expect(s.state.forms.simulacion).toEqual({ importeFinanciar: 18000, cuotas: 36 });
  });

  it('a tampered link says so and starts at the customer check; without the parameter the flow starts as before', () => {
    const s = new Session(compiled, { cotizacion: 'alterado' }).answer({ codRes: '06' });
    expect(s.modal).toBe('enlaceVencido');
    expect(s.close().state.step).toBe('verificacion');
    expect(new Session().state.step).toBe('verificacion');
  });
});
