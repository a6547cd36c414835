import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { createVehicleKit, type VehicleKit } from '../../domain/vehicle/test-kit.ts';
import { TAXI_DOCUMENT_SLOTS } from '../../domain/vehicle/uploads.ts';
import { BadInput } from '../types.ts';
import { sandboxProviders } from '../../domain/providers/sandbox-providers.ts';
import { PREFERENTIAL_SCORE } from '../../domain/vehicle/simulation-steps.ts';
import { CONDICION_TASA_PREFERENTE, handlers } from './taxi.ts';

let kit: VehicleKit;
beforeAll(async () => {
  kit = await createVehicleKit();
});
beforeEach(() => kit.reset());

const h = (id: string) => handlers[id];
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex').toString('base64');
const step0Body = (documento: string) => ({
  canal: 2,
  canalColocacion: 4,
  codigoProducto: 31,
  codigoSubProducto: 1,
  tipoDocumento: 1,
  documento,
  placa: 'ABC-123',
});

describe('customer check, paso 0 (SCENARIOS.md "Taxi and vehicle flow")', () => {
  it.each([
    ['45678912', '00', 9],
    ['60000001', '00', 1],
    ['60000003', '00', 3],
    ['60000005', '00', 5],
    ['60000006', '00', 6],
    ['61000001', '01', 1],
    ['61000002', '01', 2],
    ['69000099', '99', undefined],
    ['69000098', '98', undefined],
  ])(
    '%s answers codigoRespuesta %s with codigoEstado %s (none: "—" in SCENARIOS.md)',
    async (documento, code, estado) => {
      const r = await kit.call(h('taxi.step0'), { body: step0Body(documento) });
      expect(r.json.codigoRespuesta).toBe(code);
      expect(r.json.codigoEstado).toBe(estado);
    },
  );

  it('answers the five document images, empty before any upload', async () => {
    const r = await kit.call(h('taxi.step0'), { body: step0Body('45678912') });
    for (const slot of TAXI_DOCUMENT_SLOTS) expect(r.json[slot]).toBe('');
    expect(typeof r.json.codigoProspecto).toBe('number');
  });

  it('refuses a malformed plate', async () => {
    await expect(
      kit.call(h('taxi.step0'), { body: { ...step0Body('45678912'), placa: '12' } }),
    ).rejects.toBeInstanceOf(BadInput);
  });
});

async function openProspect(documento = '45678912'): Promise<number> {
  const r = await kit.call(h('taxi.step0'), { body: step0Body(documento) });
  return r.json.codigoProspecto as number;
}

describe('server steps 1 to 3', () => {
  it('advances a state-9 prospect through data, vehicle and documents and issues the file number once the five images are there', async () => {
    const id = await openProspect();
    const s1 = await kit.call(h('taxi.step1'), {
      body: { codigoProspecto: id, nombres: 'Rosa', fechaNacimiento: '1985-04-10', ingresoMensual: 4500 },
    });
    expect(s1.json).toMatchObject({ codigoRespuesta: '00', codigoEstado: 9 });
    const s2 = await kit.call(h('taxi.step2'), {
      body: {
        codigoProspecto: id,
        placa: 'B7K-245',
        marcaVehiculo: 8,
        modeloVehiculo: 803,
        anioFabricacion: 2024,
      },
    });
    expect(s2.json).toMatchObject({ codigoRespuesta: '00', codigoEstado: 9 });
    const partial = await kit.call(h('taxi.step3'), { body: { codigoProspecto: id, imagenDocumento: JPEG } });
    expect(partial.json).toMatchObject({ codigoRespuesta: '01', codigoEstado: 11, emitirSoat: false });
    expect(partial.json.faltantes).toEqual([
      'imagenTarjetaPropiedad',
      'imagenSoat',
      'imagenReciboServicio',
      'imagenRevisionTecnica',
    ]);
    const rest = Object.fromEntries(TAXI_DOCUMENT_SLOTS.slice(1).map((s) => [s, JPEG]));
    const done = await kit.call(h('taxi.step3'), { body: { codigoProspecto: id, ...rest } });
    expect(done.json).toMatchObject({ codigoRespuesta: '00', codigoEstado: 9, emitirSoat: false });
    expect(done.json.codigoExpediente).toMatch(/^EXP-2026-\d{7,}$/);
    // The applicant photographed their own SOAT: nothing is emitted, and asking for it is refused.
    expect(done.json.numeroPoliza).toBeUndefined();
    const refused = (await kit.call(h('taxi.emitSoat'), { body: { codigoProspecto: id } })).json;
    expect(refused.codigoRespuesta).toBe('99');
    expect(refused.detalleRespuesta).toMatch(/no pidió la emisión del SOAT/);
    // The next customer check sees the images and the finished application.
    const again = await kit.call(h('taxi.step0'), { body: step0Body('45678912') });
    expect(again.json).toMatchObject({ codigoRespuesta: '01', codigoEstado: 1, imagenSoat: JPEG });
  });

  it('answers a prospect that is not in state 9 with its state (the flow shows modal 8)', async () => {
    const id = await openProspect('60000005');
    const r = await kit.call(h('taxi.step1'), { body: { codigoProspecto: id, nombres: 'Luis' } });
    expect(r.json).toMatchObject({ codigoRespuesta: '00', codigoEstado: 5 });
  });

  it('refuses a minor and an image of the wrong type', async () => {
    const id = await openProspect();
    await expect(
      kit.call(h('taxi.step1'), { body: { codigoProspecto: id, fechaNacimiento: '2015-01-01' } }),
    ).rejects.toMatchObject({ fields: [{ path: 'fechaNacimiento' }] });
    const gif = Buffer.from('GIF89a....').toString('base64');
    await expect(
      kit.call(h('taxi.step3'), { body: { codigoProspecto: id, imagenSoat: gif } }),
    ).rejects.toMatchObject({ fields: [{ path: 'imagenSoat' }] });
  });

  it('answers "99" for an unknown prospect', async () => {
    expect((await kit.call(h('taxi.step2'), { body: { codigoProspecto: 4242 } })).json.codigoRespuesta).toBe(
      '99',
    );
  });
});

describe('the SOAT variant: four images, then the SOAT emission', () => {
  /** A state-9 prospect whose vehicle step asked for the SOAT (`emitirSoat`), at the documents. */
  async function soatProspect(placa = 'C4R-518'): Promise<number> {
    const id = await openProspect();
    await kit.call(h('taxi.step1'), {
      body: {
        codigoProspecto: id,
        nombres: 'Rosa',
        apellidoPaterno: 'Quispe',
        fechaNacimiento: '1985-04-10',
        ingresoMensual: 4500,
      },
    });
    const s2 = await kit.call(h('taxi.step2'), {
      body: {
        codigoProspecto: id,
        placa,
        marcaVehiculo: 'TOYOTA',
        modeloVehiculo: 'Yaris',
        anioFabricacion: 2023,
        emitirSoat: true,
      },
    });
    expect(s2.json).toMatchObject({ codigoRespuesta: '00', codigoEstado: 9 });
    return id;
  }
  const FOUR = Object.fromEntries(
    TAXI_DOCUMENT_SLOTS.filter((s) => s !== 'imagenSoat').map((s) => [s, JPEG]),
  );

  it('completes the file with the four images other than the SOAT', async () => {
    const id = await soatProspect();
    const partial = await kit.call(h('taxi.step3'), { body: { codigoProspecto: id, imagenDocumento: JPEG } });
    expect(partial.json).toMatchObject({ codigoRespuesta: '01', codigoEstado: 11, emitirSoat: true });
    expect(partial.json.faltantes).toEqual([
      'imagenTarjetaPropiedad',
      'imagenReciboServicio',
      'imagenRevisionTecnica',
    ]);
    const done = await kit.call(h('taxi.step3'), { body: { codigoProspecto: id, ...FOUR } });
    expect(done.json).toMatchObject({ codigoRespuesta: '00', codigoEstado: 9, emitirSoat: true });
    expect(done.json.codigoExpediente).toMatch(/^EXP-2026-\d{7,}$/);
  });

  it('refuses to emit before the file is complete, then emits one policy for the plate, answered again when asked twice', async () => {
    const id = await soatProspect();
    const early = (await kit.call(h('taxi.emitSoat'), { body: { codigoProspecto: id } })).json;
    expect(early.codigoRespuesta).toBe('99');
    expect(early.detalleRespuesta).toMatch(/documentos/);
    await kit.call(h('taxi.step3'), { body: { codigoProspecto: id, ...FOUR } });
    const first = await kit.call(h('taxi.emitSoat'), { body: { codigoProspecto: id } });
    expect(first.json).toMatchObject({
      codigoRespuesta: '00',
      codigoProspecto: id,
      urlEmision: `/kong/reporte/soat/2/${id}`,
      vigenciaDesde: '2026-03-02',
      vigenciaHasta: '2027-03-02',
    });
    expect(first.json.numeroPoliza).toMatch(/^SOAT-2026-C4R518-/);
    const second = await kit.call(h('taxi.emitSoat'), { body: { codigoProspecto: id } });
    expect(second.json.numeroPoliza).toBe(first.json.numeroPoliza);
    const { rows } = await kit.svc.db.query('SELECT 1 FROM soat_policies WHERE prospect_id = $1', [id]);
    expect(rows).toHaveLength(1);
  });

  it('serves the policy certificate as a PDF naming the policy, the holder, the plate and the validity', async () => {
    const id = await soatProspect();
    expect((await kit.call(h('taxi.soatPolicy'), { params: { data: String(id) } })).status).toBe(404);
    await kit.call(h('taxi.step3'), { body: { codigoProspecto: id, ...FOUR } });
    const emitted = await kit.call(h('taxi.emitSoat'), { body: { codigoProspecto: id } });
    const pdf = await kit.call(h('taxi.soatPolicy'), { params: { data: String(id) } });
    expect(pdf.contentType).toBe('application/pdf');
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(pdf.body as Buffer)), { mergePages: true })
    ).text;
    expect(text).toContain(emitted.json.numeroPoliza as string);
    expect(text).toContain('Rosa Quispe');
    expect(text).toContain('C4R-518');
    expect(text).toContain('02/03/2027');
  });

  it('answers "99" for an unknown prospect', async () => {
    expect(
      (await kit.call(h('taxi.emitSoat'), { body: { codigoProspecto: 4242 } })).json.codigoRespuesta,
    ).toBe('99');
  });
});

describe('scenario identities of the later server steps (docs/sandbox-scenarios.md)', () => {
  it("63000003: the bureau's score 410 is below the minimum, so the admission score rejects (resultado 3) with no amount", async () => {
    expect((await sandboxProviders.bureau.report('63000003')).score).toBe(410);
    const id = await openProspect('63000003');
    const adm = await kit.call(h('taxi.scoreAdmission'), {
      body: { codigoProspecto: id, ingresoMensual: 5000 },
    });
    expect(adm.json).toMatchObject({ codigoRespuesta: '00', resultado: 3, importeMaximo: 0, score: 410 });
  });

  it("64000001: with all five photos sent, the property card's cannot be read, so it is asked for again ('01')", async () => {
    const id = await openProspect('64000001');
    await kit.call(h('taxi.step1'), {
      body: { codigoProspecto: id, nombres: 'Rosa', fechaNacimiento: '1985-04-10', ingresoMensual: 4500 },
    });
    await kit.call(h('taxi.step2'), {
      body: {
        codigoProspecto: id,
        placa: 'B7K-245',
        marcaVehiculo: 8,
        modeloVehiculo: 803,
        anioFabricacion: 2024,
      },
    });
    const all = Object.fromEntries(TAXI_DOCUMENT_SLOTS.map((s) => [s, JPEG]));
    const r = await kit.call(h('taxi.step3'), { body: { codigoProspecto: id, ...all } });
    expect(r.json).toMatchObject({
      codigoRespuesta: '01',
      codigoEstado: 11,
      faltantes: ['imagenTarjetaPropiedad'],
    });
    expect(r.json.codigoExpediente).toBeUndefined();
  });
});

describe('scores, personal data and letters', () => {
  it('admits with evaluation type 6, rates the instalment and simulates with type 1', async () => {
    const id = await openProspect();
    const adm = await kit.call(h('taxi.scoreAdmission'), {
      body: { codigoProspecto: id, ingresoMensual: 5000 },
    });
    expect(adm.json).toMatchObject({ codigoRespuesta: '00', tipoEvaluacion: 6, resultado: 1 });
    expect(adm.json.importeMaximo).toBeGreaterThan(0);
    const cuota = await kit.call(h('taxi.scoreQuota'), {
      body: { codigoProspecto: id, importeFinanciar: 40000, numeroCuotas: 36, ingresoMensual: 5000 },
    });
    expect(cuota.json.codigoRespuesta).toBe('00');
    expect(cuota.json.importeCuotas).toBeGreaterThan(1000);
    const sim = await kit.call(h('taxi.scoreSimulator'), {
      body: { codigoProspecto: id, importeFinanciar: 40000, numeroCuotas: 36, ingresoMensual: 5000 },
    });
    expect(sim.json).toMatchObject({ codigoRespuesta: '00', tipoSimulacion: 1 });
    const letter = await kit.call(h('taxi.letterTaxi'), { params: { data: String(id) } });
    expect(letter.contentType).toBe('application/pdf');
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(letter.body as Buffer)), { mergePages: true })
    ).text;
    expect(text).toMatch(/taxi/);
    expect(text).toContain('S/ 40,000.00');
    expect(text).toContain('36 meses');
  });

  it('registers personal data for taxi, mototaxi and motofurgon with the scenario states', async () => {
    const id = await openProspect('52000090');
    expect(
      (
        (await kit.call(h('taxi.registerAdditionalMototaxi'), { body: { codigoProspecto: id } })).json
          .prospecto as { estadoProspecto: number }
      ).estadoProspecto,
    ).toBe(90);
  });

  it("records a taxi-profesional applicant's personal data through registro/adicional/taxi as server step 1", async () => {
    const id = await openProspect('45678912');
    const r = await kit.call(h('taxi.registerAdditional'), {
      body: { codigoProspecto: id, nombres: 'Rosa', fechaNacimiento: '1985-04-10', ingresoMensual: 4500 },
    });
    // The state of the server steps is kept (9 goes on to the vehicle), and the application answered.
    expect(r.json).toMatchObject({ codigoRespuesta: '00', codigoEstado: 9, codRes: '00' });
    expect(r.json.prospecto).toMatchObject({ codigoProspecto: id, estadoProspecto: 9, nombres: 'Rosa' });
    await expect(
      kit.call(h('taxi.registerAdditional'), {
        body: { codigoProspecto: id, fechaNacimiento: '2015-01-01' },
      }),
    ).rejects.toMatchObject({ fields: [{ path: 'fechaNacimiento' }] });
    // An application the customer check left in another state is answered with it (modal 8).
    const held = await openProspect('60000005');
    const blocked = await kit.call(h('taxi.registerAdditional'), { body: { codigoProspecto: held } });
    expect(blocked.json).toMatchObject({ codigoEstado: 5 });
  });

  it('lists the attached files of a prospect without their content', async () => {
    const id = await openProspect();
    await kit.call(h('taxi.step3'), { body: { codigoProspecto: id, imagenDocumento: JPEG } });
    const r = await kit.call(h('taxi.attachedFiles'), { params: { data: String(id) } });
    expect(r.json.codRes).toBe('00');
    expect(r.json.data).toEqual([
      expect.objectContaining({ tipo: 'imagenDocumento', contentType: 'image/jpeg' }),
    ]);
  });
});

describe('the taxi simulator: what the applicant can afford, and the condicion modal', () => {
  /** Unlisted DNIs whose bureau score earns the preferential rate (or not). */
  async function dniWithScore(preferential: boolean): Promise<string> {
    for (let n = 45_000_000; ; n += 7_919) {
      const dni = String(n);
      if ((await sandboxProviders.bureau.report(dni)).score >= PREFERENTIAL_SCORE === preferential)
        return dni;
    }
  }

  it.each([true, false])(
    'the default offer (the admitted maximum over the longest term) passes the quota check; preferential rate %s',
    async (preferential) => {
      const id = await openProspect(await dniWithScore(preferential));
      const ingresoMensual = 3500;
      const adm = await kit.call(h('taxi.scoreAdmission'), { body: { codigoProspecto: id, ingresoMensual } });
      const importe = adm.json.importeMaximo as number;
      const sim = await kit.call(h('taxi.scoreSimulator'), {
        body: { codigoProspecto: id, ingresoMensual, tipoSimulacion: 1 },
      });
      const plazos = String((sim.json.simulacion as { plazos: string }).plazos)
        .split(',')
        .map(Number);
      const cuota = await kit.call(h('taxi.scoreQuota'), {
        body: {
          codigoProspecto: id,
          importeFinanciar: importe,
          numeroCuotas: Math.max(...plazos),
          ingresoMensual,
        },
      });
      expect(cuota.json).toMatchObject({ codigoRespuesta: '00', cumpleCapacidad: true });
      expect(cuota.json.importeCuotas as number).toBeLessThanOrEqual(ingresoMensual * 0.4);
    },
  );

  it('answers condicion 12 (preferential rate) only to an applicant whose score earns it', async () => {
    const good = await openProspect(await dniWithScore(true));
    const sim = await kit.call(h('taxi.scoreSimulator'), {
      body: { codigoProspecto: good, ingresoMensual: 4000 },
    });
    expect(sim.json.condicion).toBe(CONDICION_TASA_PREFERENTE);
    const cond = (sim.json.simulacion as { condicionSimulacion: { pr_teaact: number; pr_teanue: number } })
      .condicionSimulacion;
    expect(cond.pr_teanue).toBeLessThan(cond.pr_teaact);
    const plain = await openProspect(await dniWithScore(false));
    const list = await kit.call(h('taxi.scoreSimulator'), {
      body: { codigoProspecto: plain, ingresoMensual: 4000 },
    });
    expect(list.json.codigoRespuesta).toBe('00');
    expect(list.json.condicion).toBeUndefined();
  });

  it('the scenario identity 62000011 (docs/sandbox-scenarios.md) is one the preferential rate reaches', async () => {
    const id = await openProspect('62000011');
    const sim = await kit.call(h('taxi.scoreSimulator'), {
      body: { codigoProspecto: id, ingresoMensual: 4000 },
    });
    expect(sim.json.condicion).toBe(12);
  });
});
