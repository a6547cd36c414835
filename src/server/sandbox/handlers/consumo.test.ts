import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { createVehicleKit, type VehicleKit } from '../../domain/vehicle/test-kit.ts';
import { handlers } from './consumo.ts';
import { handlers as motoHandlers } from './moto.ts';
import { handlers as allHandlers, identityAnswers } from './index.ts';
import { findById } from '../../domain/vehicle/prospects.ts';

let kit: VehicleKit;
beforeAll(async () => {
  kit = await createVehicleKit();
});
beforeEach(() => kit.reset());

const h = (id: string) => handlers[id] ?? motoHandlers[id];
const state = (json: Record<string, unknown>) =>
  (json.prospecto as { estadoProspecto: number }).estadoProspecto;

async function pdfText(body: unknown): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body as Buffer));
  return (await extractText(pdf, { mergePages: true })).text;
}

type Family = 'consumo' | 'seminuevo';
const PRE: Record<Family, string> = { consumo: 'consumo.preEvaluate', seminuevo: 'seminuevo.preEvaluate' };
const PERSONAL: Record<Family, string> = {
  consumo: 'consumo.registerAdditional',
  seminuevo: 'seminuevo.registerAdditional',
};
const SIMULATE: Record<Family, string> = { consumo: 'consumo.simulate', seminuevo: 'seminuevo.simulate' };
const REGISTER: Record<Family, string> = {
  consumo: 'consumo.registerSimulation',
  seminuevo: 'seminuevo.registerSimulation',
};

/** Plays a consumer or semi-new application up to `until`, answering the state of every step. */
async function walk(family: Family, documento: string, until: number) {
  const pre = await kit.call(h(PRE[family]), {
    body: { tipoDocumento: 1, documento, placa: 'ABC-123', telefono: '987654321' },
  });
  const id = (pre.json.prospecto as { codigoProspecto: number }).codigoProspecto;
  const states = [state(pre.json)];
  if (until >= 2)
    states.push(state((await kit.call(h('moto.lookupProspect'), { body: { codigoProspecto: id } })).json));
  if (until >= 3)
    states.push(
      state(
        (await kit.call(h(PERSONAL[family]), { body: { codigoProspecto: id, ingresoMensual: 6000 } })).json,
      ),
    );
  if (until >= 4) {
    const body =
      family === 'seminuevo'
        ? { codigoProspecto: id, precioVehiculo: 40000, importeCuotaInicial: 10000, numeroCuotas: 36 }
        : { codigoProspecto: id, importeFinanciar: 8000, numeroCuotas: 24 };
    const sim = await kit.call(h(SIMULATE[family]), { body });
    expect(sim.json.codRes).toBe('00');
    states.push(state((await kit.call(h(REGISTER[family]), { body: { codigoProspecto: id } })).json));
  }
  if (until >= 5)
    states.push(
      state(
        (
          await kit.call(h('consumo.registerAdditionalFinal'), {
            body: { codigoProspecto: id, direccion: 'Jr. Los Pinos 123' },
          })
        ).json,
      ),
    );
  return { id, states };
}

describe('consumer and semi-new pre-evaluation (SCENARIOS.md)', () => {
  it.each([
    ['consumo', '50000023', 23],
    ['consumo', '50000092', 92],
    ['consumo', '59000005', -5],
    ['seminuevo', '50000002', 2],
    ['seminuevo', '59000006', -6],
    ['consumo', '45678912', 0],
  ] as const)('%s %s answers %i', async (family, documento, expected) => {
    expect((await walk(family, documento, 1)).states[0]).toBe(expected);
  });

  it('answers code "02" and state −5 for the delivered plate ZZZ-999 in the semi-new pre-evaluation', async () => {
    const r = await kit.call(h('seminuevo.preEvaluate'), {
      body: { tipoDocumento: 1, documento: '45678912', placa: 'ZZZ-999' },
    });
    expect(r.json.codRes).toBe('02');
    expect(state(r.json)).toBe(-5);
    expect(r.json.detalleRespuesta).toBe('Esta placa ya fue entregada.');
  });

  it('answers "02" for a plate another applicant already took delivery of', async () => {
    const { id } = await walk('seminuevo', '45678912', 5);
    await kit.call(h('moto.finalState'), { body: { codigoProspecto: id } });
    const other = await kit.call(h('seminuevo.preEvaluate'), {
      body: { tipoDocumento: 1, documento: '41234567', placa: 'abc-123' },
    });
    expect(other.json.codRes).toBe('02');
  });

  it('opens a new application once the previous one reached the final state', async () => {
    const { id } = await walk('consumo', '45678912', 5);
    await kit.call(h('moto.finalState'), { body: { codigoProspecto: id } });
    const again = await kit.call(h('consumo.preEvaluate'), {
      body: { tipoDocumento: 1, documento: '45678912' },
    });
    expect(again.json.prospecto).toMatchObject({ estadoProspecto: 0 });
    expect((again.json.prospecto as { codigoProspecto: number }).codigoProspecto).not.toBe(id);
  });

  it('answers −2 for a minor in the quoter', async () => {
    const r = await kit.call(h('consumo.preEvaluateQuoter'), {
      body: { tipoDocumento: 1, documento: '45678912', fechaNacimiento: '2015-05-05' },
    });
    expect(state(r.json)).toBe(-2);
  });
});

describe('consumer steps (SCENARIOS.md)', () => {
  it.each([
    ['51000023', [0, 23]],
    ['51000024', [0, 24]],
    ['52000023', [0, 25, 23]],
    ['52000024', [0, 25, 24]],
    ['52000090', [0, 25, 90]],
    ['53000090', [0, 25, 26, 90]],
    ['53000030', [0, 25, 26, 30]],
    ['54000034', [0, 25, 26, 26, 34]],
    ['54000090', [0, 25, 26, 26, 90]],
    ['54000005', [0, 25, 26, 26, -5]],
    ['45678912', [0, 25, 26, 26, 30]],
  ])('%s goes through states %j', async (documento, expected) => {
    expect((await walk('consumo', documento, expected.length)).states).toEqual(expected);
  });

  it('54000055: the final data is accepted, then the document upload holds the application (−5)', async () => {
    const { id, states } = await walk('consumo', '54000055', 5);
    expect(states).toEqual([0, 25, 26, 26, 30]);
    const upload = await kit.call(h('moto.attachFile'), {
      body: { codigoProspecto: id, archivo: '/9j/4AAQSkZJRgABAQAAAQABAAD/2Q==', tipoDocumentoAdjunto: 'DNI' },
    });
    expect(state(upload.json)).toBe(-5);
    // On hold, the application is not closed as approved.
    expect((await kit.call(h('moto.finalState'), { body: { codigoProspecto: id } })).json.codRes).toBe('99');
  });

  it('53000026: a returning applicant finds the simulation saved on the earlier visit', async () => {
    const pre = await kit.call(h('consumo.preEvaluate'), {
      body: { tipoDocumento: 1, documento: '53000026', ingresoMensual: 3000 },
    });
    expect(state(pre.json)).toBe(26);
    const id = (pre.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    const got = await kit.call(h('consumo.getSimulation'), { params: { id: String(id) } });
    expect(got.json.codRes).toBe('00');
    const sim = got.json.simulacion as { importeFinanciar: number; cuotas: number; importeCuotas: number };
    expect(sim).toMatchObject({ importeFinanciar: 5000, cuotas: 24 });
    expect(sim.importeCuotas).toBeGreaterThan(5000 / 24);
    // The quoter's own applications start afresh: the row is the consumer application's.
    const quoter = await kit.call(h('consumo.preEvaluateQuoter'), {
      body: { tipoDocumento: 1, documento: '53000026' },
    });
    expect(state(quoter.json)).toBe(0);
    // A returning semi-new applicant finds theirs too, on the vehicle they named.
    const semi = await kit.call(h('seminuevo.preEvaluate'), {
      body: { tipoDocumento: 1, documento: '53000026', placa: 'SNV-026', ingresoMensual: 3000 },
    });
    expect(state(semi.json)).toBe(26);
    const semiId = (semi.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    const semiSim = await kit.call(h('consumo.getSimulation'), { params: { id: String(semiId) } });
    expect(semiSim.json.codRes).toBe('00');
    expect(semiSim.json.simulacion).toMatchObject({ cuotas: 24 });
  });

  it('walks a semi-new application on the happy path', async () => {
    expect((await walk('seminuevo', '45678912', 5)).states).toEqual([0, 25, 26, 26, 30]);
  });
});

describe('consumer simulation', () => {
  it('answers the current and new annual rates; the new one is never above the current', async () => {
    const { id } = await walk('consumo', '45678912', 3);
    const r = await kit.call(h('consumo.simulate'), {
      body: { codigoProspecto: id, importeFinanciar: 8000, numeroCuotas: 24 },
    });
    const cond = (r.json.simulacion as { condicionSimulacion: { pr_teaact: number; pr_teanue: number } })
      .condicionSimulacion;
    expect(cond.pr_teaact).toBe(55);
    expect(cond.pr_teanue).toBeLessThanOrEqual(cond.pr_teaact);
    expect(r.json.creditConditions).toMatchObject({ valoresCondicion: { pr_teaact: 55 } });
  });

  it('refuses an amount above what the declared income can repay', async () => {
    const pre = await kit.call(h('consumo.preEvaluate'), {
      body: { tipoDocumento: 1, documento: '45678912' },
    });
    const id = (pre.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    await kit.call(h('consumo.registerAdditional'), { body: { codigoProspecto: id, ingresoMensual: 1200 } });
    const r = await kit.call(h('consumo.simulate'), {
      body: { codigoProspecto: id, importeFinanciar: 30000, numeroCuotas: 36 },
    });
    expect(r.json.codRes).toBe('99');
    expect(String((r.json.messages as string[])[0])).toMatch(/importe máximo/);
  });

  it('reads the stored simulation by id: "99" before simulating, "00" with the figures after', async () => {
    const pre = await kit.call(h('consumo.preEvaluate'), {
      body: { tipoDocumento: 1, documento: '45678912' },
    });
    const id = (pre.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    expect((await kit.call(h('consumo.getSimulation'), { params: { id: String(id) } })).json.codRes).toBe(
      '99',
    );
    await kit.call(h('consumo.simulate'), {
      body: { codigoProspecto: id, importeFinanciar: 6000, numeroCuotas: 12 },
    });
    const got = await kit.call(h('consumo.getSimulation'), { params: { id: String(id) } });
    expect(got.json.codRes).toBe('00');
    expect((got.json.simulacion as { importeFinanciar: number }).importeFinanciar).toBe(6000);
  });

  it('53000099: offers a simulation, then refuses the amount chosen ("99") with the reason, registering nothing', async () => {
    const { id } = await walk('consumo', '53000099', 3);
    expect((await kit.call(h('consumo.simulate'), { body: { codigoProspecto: id } })).json.codRes).toBe('00');
    const r = await kit.call(h('consumo.registerSimulation'), {
      body: { codigoProspecto: id, importeFinanciar: 5000, numeroCuotas: 24 },
    });
    expect(r.json.codRes).toBe('99');
    expect(r.json.detalleRespuesta).toMatch(/capacidad de pago/);
    expect(state(r.json)).toBe(26);
    const quote = await kit.call(h('consumo.quote'), {
      body: { codigoProspecto: id, importeFinanciar: 5000, numeroCuotas: 24 },
    });
    expect(quote.json.codRes).toBe('99');
  });

  it('quotes without an application (simulacion/cotizar) and stores nothing', async () => {
    const r = await kit.call(h('consumo.quote'), { body: { importeFinanciar: 5000, numeroCuotas: 12 } });
    expect(r.json.codRes).toBe('00');
    expect(r.json.messages).toEqual([]);
    expect((r.json.simulacion as { cronograma: unknown[] }).cronograma).toHaveLength(12);
    const { rows } = await kit.svc.db.query('SELECT 1 FROM vehicle_simulations');
    expect(rows).toHaveLength(0);
  });
});

describe('consumer letters and closing calls', () => {
  it('serves the pre-approval and approval letters as PDFs with the name and amount', async () => {
    const { id } = await walk('consumo', '45678912', 5);
    const pre = await kit.call(h('consumo.preApprovalReport'), { params: { id: String(id) } });
    const app = await kit.call(h('consumo.approvalReport'), { params: { id: String(id) } });
    expect(pre.contentType).toBe('application/pdf');
    const preText = await pdfText(pre.body);
    const appText = await pdfText(app.body);
    expect(preText).toMatch(/pre-aprobación/);
    expect(appText).toMatch(/Carta de aprobación de crédito/);
    expect(appText).toContain('S/ 8,000.00');
    expect(appText).toContain('DNI: 45678912');
  });

  it('serves the semi-new express and traditional letters', async () => {
    const { id } = await walk('seminuevo', '45678912', 5);
    expect(
      await pdfText((await kit.call(h('seminuevo.expressReport'), { params: { data: String(id) } })).body),
    ).toMatch(/exprés/);
    expect(
      await pdfText(
        (await kit.call(h('seminuevo.traditionalReport'), { params: { data: String(id) } })).body,
      ),
    ).toMatch(/tradicional/);
  });

  it('answers 404 for the letter of an application without a simulation', async () => {
    const { id } = await walk('consumo', '45678912', 3);
    expect((await kit.call(h('consumo.approvalReport'), { params: { id: String(id) } })).status).toBe(404);
  });

  it('moves a consumer application to the final state 39 with the bureau check and no letter yet', async () => {
    const { id } = await walk('consumo', '45678912', 5);
    const fin = await kit.call(h('moto.finalState'), { body: { codigoProspecto: id } });
    expect(state(fin.json)).toBe(39);
    expect(fin.json.prospecto).toMatchObject({ converus: 'APROBADO', cartaAprobacion: null });
  });

  it('registers a guarantor of type GM or GI and refuses the holder as guarantor', async () => {
    const { id } = await walk('consumo', '45678912', 3);
    expect(
      (
        await kit.call(h('consumo.registerGuarantor'), {
          body: { codigoProspecto: id, tipoAval: 'GI', documentoAval: '41234567' },
        })
      ).json.codRes,
    ).toBe('00');
    await expect(
      kit.call(h('consumo.registerGuarantor'), { body: { codigoProspecto: id, tipoAval: 'XX' } }),
    ).rejects.toMatchObject({
      fields: [
        { path: 'tipoAval', message: 'debe ser GM (garantía mobiliaria) o GI (garantía de ingresos)' },
      ],
    });
    await expect(
      kit.call(h('consumo.registerGuarantor'), { body: { codigoProspecto: id, documentoAval: '45678912' } }),
    ).rejects.toMatchObject({ fields: [{ path: 'documentoAval' }] });
  });
});

describe('partner consumer (consumo-alfin): a guarantor when the policy evaluation asks for one', () => {
  const guarantor = {
    tipoAval: 'GI',
    documentoAval: '40404040',
    ingresoMensualAval: 3000,
    ubigeoAval: '150122',
  };
  const prospecto = (json: Record<string, unknown>) => json.prospecto as Record<string, unknown>;

  it('asks none of an unlisted applicant', async () => {
    const { id } = await walk('consumo', '45678912', 4);
    const p = await kit.call(h('moto.lookupProspect'), { body: { codigoProspecto: id } });
    expect(prospecto(p.json)).toMatchObject({ requiereAval: false, avalPendiente: false });
  });

  it('55000001: the evaluation asks for a guarantor, which stays pending until one is approved', async () => {
    const { id } = await walk('consumo', '55000001', 4);
    const before = await kit.call(h('consumo.registerAdditionalFinal'), {
      body: { codigoProspecto: id, domicilio: 'Av. Arequipa 123', ubigeo_negocio: '150101' },
    });
    expect(prospecto(before.json)).toMatchObject({ requiereAval: true, avalPendiente: true });
    const saved = await kit.call(h('consumo.registerGuarantor'), {
      body: { codigoProspecto: id, ...guarantor },
    });
    expect(saved.json.codRes).toBe('00');
    expect(prospecto(saved.json)).toMatchObject({ avalRegistrado: true, avalPendiente: false });
    expect((await findById(kit.svc.db, id))!.data.aval).toMatchObject({ ubigeoAval: '150122' });
  });

  it('55000003 and the guarantor 56000003: the guarantor is rejected ("03") and another may be proposed', async () => {
    const { id } = await walk('consumo', '55000003', 4);
    const refused = await kit.call(h('consumo.registerGuarantor'), {
      body: { codigoProspecto: id, ...guarantor },
    });
    expect(refused.json).toMatchObject({ codRes: '03' });
    expect(prospecto(refused.json)).toMatchObject({ avalPendiente: true });

    const other = await walk('consumo', '55000001', 4);
    const bad = await kit.call(h('consumo.registerGuarantor'), {
      body: { codigoProspecto: other.id, ...guarantor, documentoAval: '56000003' },
    });
    expect(bad.json.codRes).toBe('03');
  });

  it('refuses an income guarantor whose income does not cover the instalment, and a malformed ubigeo', async () => {
    const { id } = await walk('consumo', '55000001', 4);
    const short = await kit.call(h('consumo.registerGuarantor'), {
      body: { codigoProspecto: id, ...guarantor, ingresoMensualAval: 500 },
    });
    expect(short.json.codRes).toBe('03');
    await expect(
      kit.call(h('consumo.registerGuarantor'), {
        body: { codigoProspecto: id, ...guarantor, ubigeoAval: 'Lima' },
      }),
    ).rejects.toMatchObject({ fields: [{ path: 'ubigeoAval' }] });
  });
});

describe('consumer after approval: income declaration (8), token confirmation (9) and signature', () => {
  const all = (id: string) => allHandlers[id];
  const lookup = async (id: number) =>
    state((await kit.call(h('moto.lookupProspect'), { body: { codigoProspecto: id } })).json);
  const declare = (id: number, documento: string, extra: Record<string, unknown> = {}) =>
    kit.call(all('tokens.send'), {
      body: {
        codigoProspecto: id,
        documento,
        celular: '987654321',
        grupo: 'CONSUMO',
        tipo: 'DJ',
        ingresoMensual: 5200,
        ...extra,
      },
    });
  const confirm = (id: number, documento: string, token: string) =>
    kit.call(all('tokens.validate'), {
      body: { codigoProspecto: id, documento, celular: '987654321', grupo: 'CONSUMO', tipo: 'DJ', token },
    });
  const rightAnswers = async (documento: string) =>
    (
      (await identityAnswers!(documento, kit.svc)) as {
        respuestas: { idPregunta: number; idRespuesta: number }[];
      }
    ).respuestas.map((r) => ({ codigoPregunta: r.idPregunta, codigoRespuesta: r.idRespuesta }));

  /** An application closed as the flow closes it: express (documents 30, letter sent) or traditional. */
  async function closed(documento: string, express: boolean, family: Family = 'consumo') {
    const { id, states } = await walk(family, documento, 5);
    if (express)
      expect(
        (
          await kit.call(h('moto.sendApprovalLetter'), {
            body: { codigoProspecto: id, telefono: '987654321' },
          })
        ).json.codRes,
      ).toBe('00');
    const fin = await kit.call(h('moto.finalState'), { body: { codigoProspecto: id } });
    expect(state(fin.json)).toBe(39);
    return { id, documentsState: states.at(-1) };
  }

  it('texts the declaration code to the application phone after an express approval, and the code approves the registration (33)', async () => {
    const { id } = await closed('45678912', true);
    const sent = await declare(id, '45678912', { celular: '911111111' });
    expect(sent.json.codRes).toBe('00');
    const sms = kit.outbox.at(-1)!;
    expect(sms.celular).toBe('987654321');
    const wrongCode = sms.token === '000000' ? '111111' : '000000';
    expect((await confirm(id, '45678912', wrongCode)).json.codRes).toBe('01');
    expect(await lookup(id)).toBe(39);
    const ok = await confirm(id, '45678912', sms.token!);
    expect(ok.json).toMatchObject({ codRes: '00', estadoProspecto: 33 });
    expect(await lookup(id)).toBe(33);
    const p = await findById(kit.svc.db, id);
    expect(p!.data).toMatchObject({ arcaDJ: true, declaracionJurada: { ingresoMensual: 5200 } });
    // A used code does not sign twice.
    expect((await confirm(id, '45678912', sms.token!)).json.codRes).toBe('01');
  });

  it("58000001: the declaration is kept, but the SMS with its code cannot be sent now ('01'), and nothing is texted", async () => {
    const { id } = await closed('58000001', true, 'seminuevo');
    const before = kit.outbox.length;
    const sent = await declare(id, '58000001');
    expect(sent.json.codRes).toBe('01');
    expect(sent.json.detalleRespuesta).toMatch(/no podemos enviar/);
    expect(kit.outbox.length).toBe(before);
  });

  it('33000010: the back office generates the contract documents once the declaration is signed (33); the contract documents step answers them as already in process ("01")', async () => {
    const documento = '33000010';
    const { id } = await closed(documento, true);
    expect((await declare(id, documento)).json.codRes).toBe('00');
    expect((await confirm(id, documento, kit.outbox.at(-1)!.token!)).json.codRes).toBe('00');
    expect(await lookup(id)).toBe(33);
    await kit.call(all('identity.questions'), { params: { id: String(id) } });
    const answered = await kit.call(all('identity.answers'), {
      body: { codigoProspecto: id, documento, respuestas: await rightAnswers(documento) },
    });
    expect(answered.json.codRes).toBe('00');
    const gen = await kit.call(all('contracts.generate'), { body: { codigoProspecto: id, documento } });
    expect(gen.json.codRes).toBe('01');
    expect((gen.json.documentos as unknown[]).length).toBeGreaterThan(0);
  });

  it('signs the declaration of a semi-new application approved by an express evaluation too', async () => {
    const { id } = await closed('45678912', true, 'seminuevo');
    expect((await declare(id, '45678912')).json.codRes).toBe('00');
    const ok = await confirm(id, '45678912', kit.outbox.at(-1)!.token!);
    expect(ok.json).toMatchObject({ codRes: '00', estadoProspecto: 33 });
    expect(await lookup(id)).toBe(33);
  });

  it('refuses the declaration ("99") of a traditional evaluation (no approval letter); a request with another person\'s document is not this application\'s and texts nothing', async () => {
    const { id } = await closed('54000034', false);
    expect((await declare(id, '54000034')).json.codRes).toBe('99');
    expect(await lookup(id)).toBe(39);
    const express = await closed('45678912', true);
    // Someone else's document: the request is not this application's, and the shared token call
    // texts no code for an application to a phone it was not applied with.
    const other = await declare(express.id, '40000001');
    expect(other.json.codRes).toBe('99');
    expect(await lookup(express.id)).toBe(39);
  });

  it('35000001: the declaration is kept but its code cannot be sent now ("01"); nothing is texted', async () => {
    const { id } = await closed('35000001', true);
    const before = kit.outbox.length;
    const r = await declare(id, '35000001');
    expect(r.json.codRes).toBe('01');
    expect(kit.outbox.length).toBe(before);
  });

  it('leaves other token requests to the shared token call', async () => {
    const r = await kit.call(all('tokens.send'), {
      body: { documento: '45678912', celular: '987654321', grupo: 'CREDINSTANTE', tipo: '1' },
    });
    expect(r.json.codRes).toBe('00');
  });

  it.each([
    ['consumo', 'Préstamo de consumo', 48],
    ['seminuevo', 'Crédito vehicular seminuevo', 55],
  ] as const)(
    'signs the %s contract documents after the declaration: identity, documents printing the simulation, SMS signature (10)',
    async (family, productName, producto) => {
      const { id } = await closed('45678912', true, family);
      await declare(id, '45678912');
      await confirm(id, '45678912', kit.outbox.at(-1)!.token!);
      expect((await kit.call(all('identity.questions'), { params: { id: String(id) } })).json.codRes).toBe(
        '20',
      );
      expect(
        (
          await kit.call(all('identity.answers'), {
            body: { codigoProspecto: id, documento: '45678912', respuestas: await rightAnswers('45678912') },
          })
        ).json.codRes,
      ).toBe('00');
      const gen = await kit.call(all('contracts.generate'), {
        body: { codigoProspecto: id, documento: '45678912', codigoProducto: producto },
      });
      expect(gen.json.codRes).toBe('00');
      const documentos = gen.json.documentos as { url: string }[];
      const sim = (await kit.call(h('consumo.getSimulation'), { params: { id: String(id) } })).json
        .simulacion as { importeFinanciar: number; importeCuotas: number; tea: number };
      const text = await pdfText(
        (
          await kit.call(all('contracts.document'), {
            params: { data: documentos[0]!.url.split('/').pop()! },
          })
        ).body,
      );
      const soles = (x: number) =>
        `S/ ${x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      expect(text).toContain(productName);
      expect(text).toContain(soles(sim.importeFinanciar));
      expect(text).toContain(soles(sim.importeCuotas));
      expect(text).toContain(`${sim.tea.toFixed(2)}%`);
      expect(
        (await kit.call(all('contracts.sendToken'), { body: { codigoProspecto: id, documento: '45678912' } }))
          .json.codRes,
      ).toBe('00');
      const sign = await kit.call(all('lde.update3'), {
        body: {
          codigoProspecto: id,
          documento: '45678912',
          tokenSMS: kit.outbox.at(-1)!.token!,
          fi_hojres: true,
        },
      });
      expect(sign.json.codigoRespuesta).toBe('00');
      expect(await lookup(id)).toBe(10);
    },
  );
});
