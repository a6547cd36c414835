/**
 * LibreDisponibilidad, LD-Bancarizador and their activation on the customer model: the LD
 * offer sits beside the customer's GNV credit and is repaid by a further collection factor;
 * LD-Bancarizador is paid out at an office and has its letter; a signed LD is activated by
 * its customer from the texted link, accepting the FR activation letter with an SMS code.
 * SCENARIOS.md "Existing customers", 86 block.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { createKit, type TestKit } from './lde/test-kit.ts';
import { customerHandlers, idOf, passIdentity as passIdentityOf } from './customer-test-calls.ts';
import { handlers as moto } from './moto.ts';
import { BadInput } from '../types.ts';
import { loadCustomer } from '../../domain/customers/index.ts';
import { loadProspect, PROSPECT_STATE } from '../../domain/lde/prospects.ts';

let kit: TestKit;
beforeAll(async () => {
  kit = await createKit();
});
beforeEach(async () => {
  await kit.reset();
});

const h = customerHandlers(moto);

const PHONE = '987111333';

const open = (documento: string, codigoProducto = 60, extra: Record<string, unknown> = {}) =>
  kit.call(h('lde.retanqueoOffer'), {
    body: {
      channel: 8,
      codigoProducto,
      tipoDocumento: 1,
      documento,
      placa: 'ABC-123',
      telefono: PHONE,
      ...extra,
    },
  });

const passIdentity = (id: number, dni: string) => passIdentityOf(kit, id, dni);

const CONFIRMED = {
  tipoResidencia: '1',
  departamento: '15',
  provincia: '1501',
  distrito: '150101',
  direccion: 'Av. Arequipa 123',
  email: 'ana@example.com',
};

/** Opens, passes identity, simulates S/ 1,500 over 12 months, confirms and signs; answers the application id. */
async function signLd(dni: string, codigoProducto = 60): Promise<number> {
  const id = idOf(await open(dni, codigoProducto));
  expect((await passIdentity(id, dni)).json.codRes).toBe('00');
  await kit.call(h('simulator.saveLoan'), {
    body: { codigoProspecto: id, importeFinanciar: 1500, cuotas: 12 },
  });
  const office = codigoProducto === 35 || codigoProducto === 37;
  const confirmed = await kit.call(h('lde.confirmData'), {
    body: {
      codigoProspecto: id,
      ...CONFIRMED,
      ...(office
        ? { tipoDesembolso: 2, codigoOficina: 2 }
        : {
            tipoDesembolso: 1,
            tipoCuenta: 1,
            entidadBancariaDestino: '002',
            numeroCuentaBancaria: '19111357545808',
            numeroCuentaInterbancaria: '00219111357545808250',
          }),
    },
  });
  expect(confirmed.json.codRes).toBe('00');
  const gen = await kit.call(h('contracts.generate'), { body: { codigoProspecto: id } });
  expect(gen.json.codRes).toBe('00');
  expect((await kit.call(h('contracts.sendToken'), { body: { codigoProspecto: id } })).json.codRes).toBe(
    '00',
  );
  const signed = await kit.call(h('lde.update3'), {
    body: { codigoProspecto: id, tokenSMS: kit.outbox.at(-1)!.token, fi_hojres: true, fi_carfr: true },
  });
  expect(signed.json.codigoRespuesta).toBe('00');
  return id;
}

const pdfText = async (body: unknown) =>
  (await extractText(await getDocumentProxy(new Uint8Array(body as Buffer)), { mergePages: true })).text;

describe('the LD offer', () => {
  it('is made beside the current credit, and the simulator gets the FR with the bounds', async () => {
    const dni = '45678931';
    const opened = await open(dni, 61, { channel: 14 });
    expect(opened.json).toMatchObject({ codRes: '00', prospecto: { codigoProducto: 61 } });
    const id = idOf(opened);
    const p = await loadProspect(kit.svc.db, id);
    expect(p).toMatchObject({ producto: 'libre-disponibilidad', codigoProducto: 61, canal: 14 });
    // Before the identity questions nothing of the offer shows.
    expect((await kit.call(h('simulator.frAndTerms'), { body: { codigoProspecto: id } })).json.codRes).toBe(
      '99',
    );
    await passIdentity(id, dni);
    const fr = await kit.call(h('simulator.frAndTerms'), { body: { codigoProspecto: id } });
    expect(fr.json).toMatchObject({
      codRes: '00',
      fr: 1.5,
      factorRecaudo: 0.015,
      simulacion: { montoMinimo: 300, plazos: '6,12,18,24', factorRecaudo: 0.015 },
    });
    // Half the current instalment (S/ 287.87 → S/ 143.94) over 24 months at 79 % (TEM 4.9714 %,
    // present-value factor 13.837): S/ 1,991.6, rounded down to S/ 1,990.
    expect((fr.json.simulacion as { montoMaximo: number }).montoMaximo).toBe(1990);
  });

  it('channel 8 unless the link says 14 or 33; another channel is not taken', async () => {
    const id = idOf(await open('45678932', 60, { channel: 2 }));
    expect((await loadProspect(kit.svc.db, id))?.canal).toBe(8);
    const plus = idOf(await open('45678933', 13, { channel: 33 }));
    expect(await loadProspect(kit.svc.db, plus)).toMatchObject({ canal: 33, codigoProducto: 13 });
  });

  it.each([
    ['86000061', 60],
    ['86000036', 35],
  ])('%s, whose credit is not collected at the pump, is not qualified ("05")', async (dni, code) => {
    expect((await open(dni, code)).json.codRes).toBe('05');
  });

  it('a product code of no existing-customer product is a clear 400', async () => {
    await expect(open('45678934', 99)).rejects.toBeInstanceOf(BadInput);
  });
});

describe('LD-Bancarizador', () => {
  it('takes an office of the catalog, not an account, and its letter names it', async () => {
    const dni = '86000035';
    const id = idOf(await open(dni, 37));
    await passIdentity(id, dni);
    await kit.call(h('simulator.saveLoan'), {
      body: { codigoProspecto: id, importeFinanciar: 1000, cuotas: 12 },
    });
    await expect(
      kit.call(h('lde.confirmData'), { body: { codigoProspecto: id, ...CONFIRMED, codigoOficina: 999 } }),
    ).rejects.toBeInstanceOf(BadInput);
    // The letter waits for the signature.
    const early = await kit.call(h('moto.letterReportLdBancarizador'), { params: { id: String(id) } });
    expect(early.status).toBe(404);
  });

  it('signed: the letter is a PDF with the amount and the office', async () => {
    const dni = '86000035';
    const id = await signLd(dni, 35);
    const letter = await kit.call(h('moto.letterReportLdBancarizador'), { params: { id: String(id) } });
    expect(letter.contentType).toBe('application/pdf');
    const text = await pdfText(letter.body);
    expect(text).toContain('LD Bancarizador');
    expect(text).toContain('Oficina Lima Cercado');
    expect(text).toMatch(/1[,.]?500\.00/);
  });
});

describe('the activation of a signed LD', () => {
  it('the SMS after signing carries the activation link; the letter, the code and the credit active', async () => {
    const dni = '45678935';
    const id = await signLd(dni);
    const sms = kit.outbox.at(-1)!;
    expect(sms.enlace).toMatch(/\/activacion-ld\?token=/);
    const token = new URL(sms.enlace!).searchParams.get('token')!;
    const link = await kit.call(h('jwt.validate'), { body: { token } });
    expect(link.json).toMatchObject({ codRes: '00', data: { codigoProspecto: id, documento: dni } });

    const credit = await kit.call(h('credit.validateCredits'), { query: { codigoContrato: String(id) } });
    expect(credit.json).toMatchObject({
      codRes: '00',
      data: [{ codigoContrato: id, monto: 1500, plazo: 12, factorRecaudo: 1.5 }],
    });
    const carta = (credit.json.data as { cartaActivacion: string }[])[0]!.cartaActivacion;
    const pdf = await kit.call(h('contracts.document'), { params: { data: carta.split('/').at(-1)! } });
    expect(await pdfText(pdf.body)).toContain('Factor de Recaudo');

    // The signing code never activates: only the one texted for the letter.
    expect((await kit.call(h('contracts.sendToken'), { body: { codigoProspecto: id } })).json.codRes).toBe(
      '00',
    );
    const code = kit.lastToken(PHONE);
    const wrong = await kit.call(h('credit.updateExpress'), {
      body: { codigoProspecto: id, token: '000000' },
    });
    expect(wrong.json.codRes).toBe('01');
    const ok = await kit.call(h('credit.updateExpress'), { body: { codigoProspecto: id, token: code } });
    expect(ok.json).toMatchObject({ codRes: '00', estadoProspecto: PROSPECT_STATE.active });
    // Opened again, the link says the credit is already active.
    const again = await kit.call(h('credit.validateCredits'), { query: { codigoContrato: String(id) } });
    expect(again.json).toMatchObject({ codRes: '01', detalleRespuesta: 'Ya tienes un crédito activado.' });
    const c = await loadCustomer(kit.svc.db, 1, dni);
    expect(c?.credits.map((x) => x.codigoProducto)).toEqual([19, 60]);
  });

  it('an LD not signed yet has nothing to activate ("03")', async () => {
    const id = idOf(await open('45678936'));
    const r = await kit.call(h('credit.validateCredits'), { query: { codigoContrato: String(id) } });
    expect(r.json.codRes).toBe('03');
  });

  it.each([
    ['81000101', 60],
    ['86000011', 35],
    ['86200101', 60],
  ])('%s: already activated ("01")', async (dni, code) => {
    const id = await signLd(dni, code);
    const r = await kit.call(h('credit.validateCredits'), { query: { codigoContrato: String(id) } });
    expect(r.json.codRes).toBe('01');
  });

  it('86200001: signed, but the code that accepts the letter cannot be sent now ("01")', async () => {
    const id = await signLd('86200001');
    expect((await kit.call(h('contracts.sendToken'), { body: { codigoProspecto: id } })).json).toMatchObject({
      codRes: '01',
      detalleRespuesta:
        'En estos momentos no podemos enviarte el código. Inténtalo de nuevo en unos minutos.',
    });
  });

  it.each([
    ['86200006', '06'],
    ['86200007', '07'],
    ['86200107', '07'],
  ])('%s: the texted link answers %s', async (dni, code) => {
    await signLd(dni, 60);
    const token = new URL(kit.outbox.at(-1)!.enlace!).searchParams.get('token')!;
    expect((await kit.call(h('jwt.validate'), { body: { token } })).json.codRes).toBe(code);
  });
});
