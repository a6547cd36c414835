import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { createVehicleKit, type VehicleKit } from '../../domain/vehicle/test-kit.ts';
import { MAX_UPLOAD_BYTES } from '../../domain/vehicle/uploads.ts';
import { BadInput } from '../types.ts';
import { handlers } from './moto.ts';
import { handlers as allHandlers, identityAnswers } from './index.ts';
import { findById } from '../../domain/vehicle/prospects.ts';
import { backOfficeState } from '../../domain/vehicle/signature.ts';

let kit: VehicleKit;
beforeAll(async () => {
  kit = await createVehicleKit();
});
beforeEach(() => kit.reset());

const h = (id: string) => handlers[id];
const state = (json: Record<string, unknown>) =>
  (json.prospecto as { estadoProspecto: number }).estadoProspecto;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

async function preEvaluate(documento: string, extra: Record<string, unknown> = {}) {
  const r = await kit.call(h('moto.preEvaluate'), {
    body: { tipoDocumento: 1, documento, codigoProducto: 28, telefono: '987654321', ...extra },
  });
  return r.json;
}

async function pdfText(body: unknown): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body as Buffer));
  return (await extractText(pdf, { mergePages: true })).text;
}

describe('moto pre-evaluation (SCENARIOS.md)', () => {
  it.each([
    ['50000023', 23],
    ['50000092', 92],
    ['59000001', -1],
    ['59000002', -2],
    ['59000003', -3],
    ['59000005', -5],
    ['59000006', -6],
    ['45678912', 0],
  ])('%s answers estadoProspecto %i', async (documento, expected) => {
    const json = await preEvaluate(documento);
    expect(json.codRes).toBe('00');
    expect(state(json)).toBe(expected);
    expect(json.estadoProspecto).toBe(expected);
  });

  it('answers −2 for an applicant younger than 18', async () => {
    expect(state(await preEvaluate('45678912', { fechaNacimiento: '2012-01-01' }))).toBe(-2);
  });

  it('refuses a malformed DNI with the field at fault', async () => {
    await expect(preEvaluate('1234')).rejects.toBeInstanceOf(BadInput);
  });

  it('names the applicant from the ID registry and gives the terms as a comma-separated string', async () => {
    const p = (await preEvaluate('45678912')).prospecto as Record<string, unknown>;
    expect(p.nombreTitular).toMatch(/\w+ \w+/);
    expect(p.plazos).toBe('12,18,24,30,36');
    expect(p.tipoCambio).toBeGreaterThan(3);
  });

  it('resumes the open application instead of opening a second one', async () => {
    const first = (await preEvaluate('45678912')).prospecto as { codigoProspecto: number };
    const second = (await preEvaluate('45678912')).prospecto as { codigoProspecto: number };
    expect(second.codigoProspecto).toBe(first.codigoProspecto);
  });

  it('opens a mototaxi application beside an open moto one (one family of calls, two products)', async () => {
    const moto = (await preEvaluate('45678912')).prospecto as { codigoProspecto: number };
    const taxi = (await preEvaluate('45678912', { codigoProducto: 29 })).prospecto as {
      codigoProspecto: number;
      codigoProducto: number;
    };
    expect(taxi.codigoProspecto).not.toBe(moto.codigoProspecto);
    expect(taxi.codigoProducto).toBe(29);
  });
});

async function walk(documento: string, until: 'policy' | 'personal' | 'simulation' | 'documents') {
  const p = (await preEvaluate(documento)).prospecto as { codigoProspecto: number };
  const id = p.codigoProspecto;
  const out: Record<string, number> = {};
  out.policy = state((await kit.call(h('moto.lookupProspect'), { body: { codigoProspecto: id } })).json);
  if (until === 'policy') return { id, out };
  out.personal = state(
    (
      await kit.call(h('moto.registerAdditional'), {
        body: { codigoProspecto: id, ingresoMensual: 3000, estadoCivil: 'SO' },
      })
    ).json,
  );
  if (until === 'personal') return { id, out };
  const sim = await kit.call(h('moto.simulateConditions'), {
    body: { codigoProspecto: id, modeloVehiculo: 101, numeroCuotas: 24 },
  });
  expect(sim.json.codRes).toBe('00');
  out.simulation = state(
    (await kit.call(h('moto.registerSimulation'), { body: { codigoProspecto: id } })).json,
  );
  if (until === 'simulation') return { id, out };
  const up = await kit.call(h('moto.attachFile'), {
    body: {
      codigoProspecto: id,
      tipoDocumentoAdjunto: 'dni',
      contentType: 'image/png',
      archivo: PNG.toString('base64'),
    },
  });
  out.documents = state(up.json);
  return { id, out };
}

describe('moto steps (SCENARIOS.md)', () => {
  it.each([
    ['51000023', 23],
    ['51000024', 24],
    ['45678912', 25],
  ])('policy evaluation of %s answers %i', async (documento, expected) => {
    expect((await walk(documento, 'policy')).out.policy).toBe(expected);
  });

  it.each([
    ['52000023', 23],
    ['52000024', 24],
    ['52000090', 90],
    ['45678912', 26],
  ])('personal data of %s answers %i', async (documento, expected) => {
    expect((await walk(documento, 'personal')).out.personal).toBe(expected);
  });

  it.each([
    ['53000090', 90],
    ['53000030', 30],
    ['45678912', 26],
  ])('simulation of %s answers %i', async (documento, expected) => {
    expect((await walk(documento, 'simulation')).out.simulation).toBe(expected);
  });

  it.each([
    ['54000034', 34],
    ['54000090', 90],
    ['54000005', -5],
    ['45678912', 30],
  ])('documents of %s answer %i', async (documento, expected) => {
    expect((await walk(documento, 'documents')).out.documents).toBe(expected);
  });

  it.each([
    ['57000026', 26],
    ['57000034', 34],
    ['57000090', 90],
    ['57000005', -5],
  ])(
    '%s: the simulation is observed (90), so moto asks for documents, which answer %i',
    async (documento, expected) => {
      const { out } = await walk(documento, 'documents');
      expect(out.simulation).toBe(90);
      expect(out.documents).toBe(expected);
    },
  );

  it('answers "99" for an application that does not exist', async () => {
    expect(
      (await kit.call(h('moto.lookupProspect'), { body: { codigoProspecto: 999999 } })).json.codRes,
    ).toBe('99');
  });
});

describe('moto simulation', () => {
  it('computes a French schedule within the product terms, in percent, and stores it', async () => {
    const { id } = await walk('45678912', 'personal');
    const sim = await kit.call(h('moto.simulateConditions'), {
      body: { codigoProspecto: id, precioVehiculo: 10990, importeCuotaInicial: 1990, numeroCuotas: 12 },
    });
    const s = sim.json.simulacion as {
      importeFinanciar: number;
      cuotas: number;
      tea: number;
      tcea: number;
      cronograma: { saldo: number }[];
      importeCuotas: number;
    };
    expect(s.importeFinanciar).toBe(9000);
    expect(s.cuotas).toBe(12);
    expect(s.tcea).toBeGreaterThan(s.tea);
    expect(s.cronograma).toHaveLength(12);
    expect(s.cronograma.at(-1)?.saldo).toBe(0);
    expect(sim.json.plazos).toBe('12,18,24,30,36');
    const stored = await kit.call(h('moto.getSimulation'), { params: { id: String(id) } });
    expect(stored.json.codRes).toBe('00');
    expect((stored.json.simulacion as { importeCuotas: number }).importeCuotas).toBe(s.importeCuotas);
  });

  it('refuses a term the product does not offer with the reason', async () => {
    const { id } = await walk('45678912', 'personal');
    const sim = await kit.call(h('moto.simulateConditions'), {
      body: { codigoProspecto: id, importeFinanciar: 5000, numeroCuotas: 7 },
    });
    expect(sim.json.codRes).toBe('99');
    expect(String((sim.json.messages as string[])[0])).toMatch(/plazo de 7 meses/);
  });

  it('answers "99" when registering without a simulation', async () => {
    const { id } = await walk('45678912', 'personal');
    expect(
      (await kit.call(h('moto.registerSimulation'), { body: { codigoProspecto: id } })).json.codRes,
    ).toBe('99');
  });
});

describe('moto uploads', () => {
  it('refuses a file over the size limit', async () => {
    const { id } = await walk('45678912', 'simulation');
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 10);
    PNG.copy(big);
    await expect(
      kit.call(h('moto.attachFile'), { body: { codigoProspecto: id, archivo: big.toString('base64') } }),
    ).rejects.toMatchObject({ fields: [{ path: 'archivo' }] });
  });

  it('refuses a file whose content is not a PDF, JPEG or PNG, whatever its declared type', async () => {
    const { id } = await walk('45678912', 'simulation');
    const exe = Buffer.from('MZ\x90\x00 not an image').toString('base64');
    await expect(
      kit.call(h('moto.attachFile'), {
        body: { codigoProspecto: id, contentType: 'image/png', archivo: exe },
      }),
    ).rejects.toBeInstanceOf(BadInput);
  });

  it('stores an accepted upload as a row', async () => {
    const { id } = await walk('45678912', 'documents');
    const { rows } = await kit.svc.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM vehicle_uploads WHERE prospect_id = $1',
      [id],
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe('moto letters and closing calls', () => {
  it('serves the approval letter as a PDF with the name, DNI and amount', async () => {
    const { id } = await walk('45678912', 'documents');
    const p = (await kit.call(h('moto.lookupProspect'), { body: { codigoProspecto: id } })).json
      .prospecto as { nombres: string };
    const sim = (await kit.call(h('moto.getSimulation'), { params: { id: String(id) } })).json.simulacion as {
      importeFinanciar: number;
    };
    const r = await kit.call(h('moto.letterReport'), { params: { id: String(id) } });
    expect(r.contentType).toBe('application/pdf');
    const text = await pdfText(r.body);
    expect(text).toContain(p.nombres.split(' ')[0]);
    expect(text).toContain('DNI: 45678912');
    // Model 101 at S/ 10,990 with the 10 % minimum down payment: S/ 9,891.00 financed.
    expect(sim.importeFinanciar).toBe(9891);
    expect(text).toContain('S/ 9,891.00');
    expect(text).toMatch(/Carta de aprobación/);
  });

  it('uses the non-banked letter for the LD Bancarizador report and a pre-approval for state 92', async () => {
    const { id } = await walk('45678912', 'documents');
    expect(
      await pdfText(
        (await kit.call(h('moto.letterReportLdBancarizador'), { params: { id: String(id) } })).body,
      ),
    ).toMatch(/sin historial\s+bancario/);
    expect(
      await pdfText((await kit.call(h('moto.hondaPreApprovalReport'), { params: { id: String(id) } })).body),
    ).toMatch(/pre-aprobación/);
  });

  it('answers the Honda approval letter URL in message', async () => {
    const { id } = await walk('45678912', 'documents');
    const r = await kit.call(h('moto.hondaApprovalReport'), { params: { id: String(id) } });
    expect(r.json.codRes).toBe('00');
    expect(r.json.message).toBe(`https://sandbox.test/kong/reporte/cartamoto/2/${id}?tipo=aprobacion`);
  });

  it('texts the approval letter link and records it; the final state then reports the letter', async () => {
    const { id } = await walk('45678912', 'documents');
    const sent = await kit.call(h('moto.sendApprovalLetter'), { body: { codigoProspecto: id } });
    expect(sent.json.codRes).toBe('00');
    expect(kit.outbox.at(-1)?.enlace).toBe(`https://sandbox.test/kong/reporte/aprobacion/2/${id}`);
    const fin = await kit.call(h('moto.finalState'), { body: { codigoProspecto: id } });
    expect(fin.json.codRes).toBe('00');
    expect((fin.json.prospecto as { cartaAprobacion: string }).cartaAprobacion).toContain(
      `/aprobacion/2/${id}`,
    );
    expect((fin.json.prospecto as { converus: string }).converus).toBe('APROBADO');
  });

  it('refuses the final state before the documents', async () => {
    const { id } = await walk('45678912', 'personal');
    expect((await kit.call(h('moto.finalState'), { body: { codigoProspecto: id } })).json.codRes).toBe('99');
  });

  it('records the contact request of a rejected applicant', async () => {
    const { id } = await walk('51000023', 'policy');
    expect(
      (await kit.call(h('moto.rejectedContactIntent'), { body: { codigoProspecto: id } })).json.codRes,
    ).toBe('00');
    const { rows } = await kit.svc.db.query('SELECT 1 FROM vehicle_contact_requests WHERE prospect_id = $1', [
      id,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('runs the Honda calls with product 54', async () => {
    const r = await kit.call(h('moto.hondaPreEvaluate'), {
      body: { tipoDocumento: 1, documento: '45678912' },
    });
    expect((r.json.prospecto as { codigoProducto: number }).codigoProducto).toBe(54);
  });
});

describe('moto after approval: back office, identity, contract documents and signature (spec 000 §4 "Motorcycle")', () => {
  const all = (id: string) => allHandlers[id];
  const lookup = async (id: number) =>
    state((await kit.call(h('moto.lookupProspect'), { body: { codigoProspecto: id } })).json);
  const approve = async (id: number, estado = 33, hold = false) => {
    const p = await findById(kit.svc.db, id);
    return backOfficeState(kit.svc, p!, estado, hold);
  };
  const rightAnswers = async (documento: string) =>
    (
      (await identityAnswers!(documento, kit.svc)) as {
        respuestas: { idPregunta: number; idRespuesta: number }[];
      }
    ).respuestas.map((r) => ({ codigoPregunta: r.idPregunta, codigoRespuesta: r.idRespuesta }));
  const questions = (id: number) => kit.call(all('identity.questions'), { params: { id: String(id) } });
  const answer = (id: number, documento: string, respuestas: unknown[]) =>
    kit.call(all('identity.answers'), { body: { codigoProspecto: id, documento, respuestas } });

  /** An approved (30) application whose registration the back office approved (33), questions fetched. */
  async function readyToSign(documento = '45678912') {
    const { id } = await walk(documento, 'documents');
    await approve(id);
    expect((await questions(id)).json.codRes).toBe('20');
    return id;
  }

  async function signedUpTo(documento = '45678912') {
    const id = await readyToSign(documento);
    expect((await answer(id, documento, await rightAnswers(documento))).json.codRes).toBe('00');
    const gen = await kit.call(all('contracts.generate'), {
      body: { codigoProspecto: id, documento, codigoProducto: 28 },
    });
    expect(gen.json.codRes).toBe('00');
    return { id, documentos: gen.json.documentos as { tipo: string; titulo: string; url: string }[] };
  }

  it('keeps an approved application out of the signature until the back office approves the registration (33)', async () => {
    const { id } = await walk('45678912', 'documents');
    expect(await lookup(id)).toBe(30);
    expect((await questions(id)).json.codRes).toBe('99');
    await approve(id);
    expect(await lookup(id)).toBe(33);
    expect(typeof (await approve(id, 77))).toBe('string');
    expect(await lookup(id)).toBe(33);
  });

  it.each([0, 12, 28])(
    'a move to %i runs the policy evaluation at the next lookup, unless the back office holds it pending',
    async (estado) => {
      const { id } = await walk('45678912', 'documents');
      await approve(id, estado);
      expect(await lookup(id)).toBe(25);
      await approve(id, estado, true);
      expect(await lookup(id)).toBe(estado);
      expect(await lookup(id)).toBe(estado);
      // The next move releases the hold.
      await approve(id, estado);
      expect(await lookup(id)).toBe(25);
      expect(typeof (await approve(id, 33, true))).toBe('string');
    },
  );

  it('texts the applicant a signature link to /firma-electronica when the registration is approved, which opens this application only', async () => {
    const { id } = await walk('45678912', 'documents');
    const before = kit.outbox.length;
    await approve(id);
    expect(kit.outbox.length).toBe(before + 1);
    const sms = kit.outbox.at(-1)!;
    expect(sms.celular).toBe('987654321');
    expect(sms.enlace).toMatch(/^https:\/\/sandbox\.test\/firma-electronica\?token=[\w-]+\.[\w-]+\.[\w-]+$/);
    const token = new URL(sms.enlace!).searchParams.get('token')!;
    const checked = await kit.call(all('jwt.validate'), { body: { token } });
    expect(checked.json.codRes).toBe('00');
    expect(checked.json.data).toMatchObject({ codigoProspecto: id, documento: '45678912' });
    // A second decision on an application already at 33 sends nothing more.
    await approve(id);
    expect(kit.outbox.length).toBe(before + 1);
  });

  it.each([10, 91, 92])(
    'the back office may also answer %i, which the loading step reads',
    async (estado) => {
      const { id } = await walk('45678912', 'documents');
      await approve(id, estado);
      expect(await lookup(id)).toBe(estado);
    },
  );

  it('asks the questions without their answers; the right answers pass ("00") and the application stays at 33', async () => {
    const id = await readyToSign();
    const qs = (await questions(id)).json;
    expect((qs.preguntas as unknown[]).length).toBeGreaterThan(0);
    expect(JSON.stringify(qs)).not.toMatch(/respuestas/);
    const ok = await answer(id, '45678912', await rightAnswers('45678912'));
    expect(ok.json.codRes).toBe('00');
    expect(ok.json.estadoProspecto).toBe(33);
  });

  it('answers "01" to wrong answers, and locks the person out for 24 hours ("02") at the third within a day', async () => {
    const id = await readyToSign('47300011');
    const wrong = (await rightAnswers('47300011')).map((r) => ({
      ...r,
      codigoRespuesta: r.codigoRespuesta + 1000,
    }));
    expect((await answer(id, '47300011', wrong)).json.codRes).toBe('01');
    expect((await answer(id, '47300011', wrong)).json.codRes).toBe('01');
    expect((await answer(id, '47300011', wrong)).json.codRes).toBe('02');
    // Locked: even the right answers are not looked at.
    expect((await answer(id, '47300011', await rightAnswers('47300011'))).json.codRes).toBe('02');
  });

  it.each([
    ['30000001', '01'],
    ['30000002', '02'],
    ['30000003', '03'],
    ['30000004', '04'],
  ])('the identity row %s answers %s', async (documento, code) => {
    const id = await readyToSign(documento);
    expect((await answer(id, documento, await rightAnswers(documento))).json.codRes).toBe(code);
  });

  it('answers "04" (no offer) to answers for an application that is not approved to sign', async () => {
    const { id } = await walk('45678912', 'documents');
    expect((await answer(id, '45678912', await rightAnswers('45678912'))).json.codRes).toBe('04');
  });

  it('generates no contract documents before the identity is validated', async () => {
    const id = await readyToSign();
    expect(
      (await kit.call(all('contracts.generate'), { body: { codigoProspecto: id, documento: '45678912' } }))
        .json.codRes,
    ).toBe('99');
  });

  it('generates the four contract documents as PDFs printing the registered simulation: amount, instalment, TEA and TCEA', async () => {
    const { id, documentos } = await signedUpTo();
    expect(documentos.map((d) => d.titulo)).toEqual([
      'Hoja resumen',
      'Solicitud de crédito',
      'Contrato de préstamo',
      'Cronograma de pagos',
    ]);
    const sim = (await kit.call(h('moto.getSimulation'), { params: { id: String(id) } })).json.simulacion as {
      importeFinanciar: number;
      importeCuotas: number;
      tea: number;
      tcea: number;
    };
    const hoja = await kit.call(all('contracts.document'), {
      params: { data: documentos[0]!.url.split('/').pop()! },
    });
    expect(hoja.contentType).toBe('application/pdf');
    const text = await pdfText(hoja.body);
    const soles = (x: number) =>
      `S/ ${x.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(text).toContain(soles(sim.importeFinanciar));
    expect(text).toContain(soles(sim.importeCuotas));
    expect(text).toContain(`${sim.tea.toFixed(2)}%`);
    expect(text).toContain(`${sim.tcea.toFixed(2)}%`);
    expect(text).toContain('Crédito para moto');
  });

  it('refuses a document link someone altered', async () => {
    const { documentos } = await signedUpTo();
    const token = documentos[0]!.url.split('/').pop()!;
    const r = await kit.call(all('contracts.document'), { params: { data: `${token.slice(0, -2)}xx` } });
    expect(r.status).toBe(404);
  });

  it('texts the signing code to the application phone; a wrong code answers "01", the right one signs (10)', async () => {
    const { id } = await signedUpTo();
    // The phone in the body is ignored: the code goes to the number the application was opened with.
    expect(
      (
        await kit.call(all('contracts.sendToken'), {
          body: { codigoProspecto: id, documento: '45678912', celular: '911111111' },
        })
      ).json.codRes,
    ).toBe('00');
    const sms = kit.outbox.at(-1)!;
    expect(sms.celular).toBe('987654321');
    const sign = (tokenSMS: string) =>
      kit.call(all('lde.update3'), {
        body: {
          codigoProspecto: id,
          documento: '45678912',
          tokenSMS,
          fi_hojres: true,
          fi_solcre: true,
          fi_contra: true,
          fi_cronog: true,
        },
      });
    const wrongCode = sms.token === '000000' ? '111111' : '000000';
    expect((await sign(wrongCode)).json.codigoRespuesta).toBe('01');
    expect((await sign(sms.token!)).json.codigoRespuesta).toBe('00');
    expect(await lookup(id)).toBe(10);
    expect((await sign(sms.token!)).json.codigoRespuesta).toBe('02');
  });

  it('the contract-documents row 33000001 cannot be sent the code ("01")', async () => {
    const { id } = await signedUpTo('33000001');
    expect(
      (await kit.call(all('contracts.sendToken'), { body: { codigoProspecto: id, documento: '33000001' } }))
        .json.codRes,
    ).toBe('01');
  });

  it('the back office of row 33000010 generates the contract documents on approval: the page finds them in process ("01") and signs them', async () => {
    const documento = '33000010';
    const id = await readyToSign(documento);
    expect((await answer(id, documento, await rightAnswers(documento))).json.codRes).toBe('00');
    const gen = await kit.call(all('contracts.generate'), { body: { codigoProspecto: id, documento } });
    expect(gen.json.codRes).toBe('01');
    expect((gen.json.documentos as { titulo: string }[]).map((d) => d.titulo)).toContain('Hoja resumen');
    expect(
      (await kit.call(all('contracts.sendToken'), { body: { codigoProspecto: id, documento } })).json.codRes,
    ).toBe('00');
    const signed = await kit.call(all('lde.update3'), {
      body: { codigoProspecto: id, documento, tokenSMS: kit.outbox.at(-1)!.token },
    });
    expect(signed.json.codigoRespuesta).toBe('00');
    expect(await lookup(id)).toBe(10);
  });

  it('row 34000010 signs from the link on another device with the code just texted: the page\'s signature answers "02" (already signed)', async () => {
    const documento = '34000010';
    const { id } = await signedUpTo(documento);
    expect(
      (await kit.call(all('contracts.sendToken'), { body: { codigoProspecto: id, documento } })).json.codRes,
    ).toBe('00');
    expect(await lookup(id)).toBe(10);
    const page = await kit.call(all('lde.update3'), {
      body: { codigoProspecto: id, documento, tokenSMS: kit.outbox.at(-1)!.token },
    });
    expect(page.json.codigoRespuesta).toBe('02');
  });

  it('refuses a signature before the code was sent and the documents generated ("99")', async () => {
    const id = await readyToSign();
    expect(
      (await kit.call(all('lde.update3'), { body: { codigoProspecto: id, tokenSMS: '123456' } })).json
        .codigoRespuesta,
    ).toBe('99');
  });

  it('opens no application for a body naming another person', async () => {
    const id = await readyToSign();
    const r = await kit.call(all('identity.answers'), {
      body: { codigoProspecto: id, documento: '12345678', respuestas: [] },
    });
    expect(r.json.codRes).toBe('99');
  });
});
