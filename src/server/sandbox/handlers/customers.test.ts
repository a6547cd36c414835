/**
 * The existing-customer calls on the customer model: the offer call opens an application
 * from the stored credit and shows none of its figures, the identity questions answer the
 * general table's codes and unlock the offer, and a signed renewal cancels the credit it
 * paid off and stores the new one. SCENARIOS.md "Existing customers" rows, one by one.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { createKit, type TestKit } from './lde/test-kit.ts';
import { customerHandlers, idOf, passIdentity as passIdentityOf } from './customer-test-calls.ts';
import { BadInput } from '../types.ts';
import { loadCustomer, offerEvents, phoneOnFile } from '../../domain/customers/index.ts';
import { SCENARIOS } from '../scenarios.ts';

let kit: TestKit;
beforeAll(async () => {
  kit = await createKit();
});
beforeEach(async () => {
  await kit.reset();
});

const h = customerHandlers();

const open = (documento: string, extra: Record<string, unknown> = {}) =>
  kit.call(h('lde.retanqueoOffer'), {
    body: {
      channel: 6,
      codigoProducto: 14,
      tipoDocumento: 1,
      documento,
      placa: 'ABC-123',
      telefono: '987111222',
      origen: 4,
      ...extra,
    },
  });

const passIdentity = (id: number, dni: string) => passIdentityOf(kit, id, dni);

describe('opening an existing customer application (retanqueo/ov)', () => {
  it('an unlisted DNI is a customer in good standing: "00", and the answer shows none of the credit', async () => {
    const r = await open('45678912');
    expect(r.json.codRes).toBe('00');
    expect(JSON.stringify(r.json)).not.toMatch(/2437|saldo|monto/i);
    const c = await loadCustomer(kit.svc.db, 1, '45678912');
    expect(c?.credits).toHaveLength(1);
    expect(c?.credits[0]).toMatchObject({
      monto: 4800,
      plazo: 24,
      cuotasPagadas: 14,
      diasAtraso: 0,
      placa: 'ABC-123',
    });
    // The phone the customer first applied with is the phone on file.
    expect(c?.telefono).toBe('987111222');
  });

  it.each([
    ['81000000', '03'],
    ['81000030', '11'],
    ['81000002', '05'],
    ['81000004', '11'],
    ['80000001', '01'],
    ['80000003', '03'],
    ['80000004', '04'],
    ['80000005', '05'],
    ['80000099', '99'],
  ])('%s answers "%s" and opens nothing', async (dni, code) => {
    const r = await open(dni);
    expect(r.json.codRes).toBe(code);
    expect(r.json.prospecto).toBeUndefined();
  });

  it('another plate than the credit\'s: "03"', async () => {
    expect((await open('45678913', { placa: 'XYZ-987' })).json.codRes).toBe('03');
  });

  it('a debt purchase at institution "999" is "03"; a bank outside the catalogue is a 400', async () => {
    const base = { codigoProducto: 32, montoDeuda: 2000 };
    expect((await open('45678914', { ...base, entidadDeuda: '999' })).json.codRes).toBe('03');
    await expect(open('45678914', { ...base, entidadDeuda: '123' })).rejects.toBeInstanceOf(BadInput);
    expect((await open('45678914', { ...base, entidadDeuda: '003' })).json.codRes).toBe('00');
  });

  it('contigo: without a promoter, or with one of entity 1008 (not entitled to product 30), it answers "05" and opens nothing; one of entity 1 opens it for the entity', async () => {
    const promoter = (codigoEntidad: number, productos: number[]) => ({
      id: 'p',
      usuario: 'u',
      nombreUsuario: 'u',
      nombreUsuarioPersona: 'U',
      codigoEntidad,
      codigoUsuario: 'U1',
      canal: 5,
      productos: productos.map((ti_solpro) => ({ ti_solpro })),
    });
    const body = {
      codigoProducto: 30,
      tipoDocumento: 1,
      documento: '45678919',
      placa: 'ABC-123',
      telefono: '987111333',
    };
    const prospects = async () =>
      (await kit.svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lde_prospects')).rows[0]!.n;
    for (const who of [null, promoter(1008, [31])]) {
      const refused = await kit.call(h('lde.retanqueoOffer'), { body, promoter: who });
      expect(refused.json).toEqual({
        codRes: '05',
        detalleRespuesta:
          'Contigo se solicita con un promotor de una entidad autorizada: inicia sesión como promotor para registrar la solicitud.',
      });
    }
    expect(await prospects()).toBe(0);
    const r = await kit.call(h('lde.retanqueoOffer'), { body, promoter: promoter(1, [30]) });
    expect(r.json.codRes).toBe('00');
    const { rows } = await kit.svc.db.query<{
      codigo_entidad: number;
      codigo_usuario: string;
      canal: number;
      origen: number;
    }>('SELECT codigo_entidad, codigo_usuario, canal, origen FROM lde_prospects WHERE id = $1', [idOf(r)]);
    expect(rows[0]).toEqual({ codigo_entidad: 1, codigo_usuario: 'U1', canal: 5, origen: 5 });
  });

  it('an unknown product code is a 400, not a 500', async () => {
    await expect(open('45678915', { codigoProducto: 48 })).rejects.toBeInstanceOf(BadInput);
  });
});

describe('identity first, figures after', () => {
  it('the offer is not shown before the identity questions are passed', async () => {
    const id = idOf(await open('45678916'));
    expect((await kit.call(h('simulator.get'), { body: { codigoProspecto: id } })).json.codRes).toBe('99');
    expect((await passIdentity(id, '45678916')).json.codRes).toBe('00');
    const sim = await kit.call(h('simulator.get'), { body: { codigoProspecto: id } });
    expect(sim.json.simulacion).toMatchObject({
      montoMinimo: 2937.52,
      montoMaximo: 5970,
      saldoCancelado: 2437.52,
    });
  });

  it("the applicant's data hide the credit's figures and the phone on file until then", async () => {
    const id = idOf(await open('45678920'));
    const before = await kit.call(h('lde.user'), {
      params: { id: String(id) },
      body: { codigoProspecto: id },
    });
    expect(before.json.data).toMatchObject({ telefono: '9*****222' });
    expect(JSON.stringify(before.json.data)).not.toMatch(/saldoCancelado|montoOfertado|montoMinimo/);
    await passIdentity(id, '45678920');
    const after = await kit.call(h('lde.user'), {
      params: { id: String(id) },
      body: { codigoProspecto: id },
    });
    expect(after.json.data).toMatchObject({
      telefono: '987111222',
      saldoCancelado: 2437.52,
      montoOfertado: 5970,
    });
  });

  it.each([
    ['81000008', '08'],
    ['81000009', '09'],
    ['81000010', '10'],
    ['81000011', '11'],
  ])('%s: the identity questions answer "%s" even with the right answers', async (dni, code) => {
    const id = idOf(await open(dni));
    expect((await passIdentity(id, dni)).json.codRes).toBe(code);
  });

  it('wrong answers: "08"', async () => {
    const id = idOf(await open('45678917'));
    await kit.call(h('identity.questions'), { params: { id: String(id) } });
    const wrong = await kit.call(h('customers.identityAnswers'), {
      body: { codigoProspecto: id, respuestas: [{ codigoPregunta: 1, codigoRespuesta: 99 }] },
    });
    expect(wrong.json.codRes).toBe('08');
  });
});

describe('contract documents the back office prepared first (86300001)', () => {
  it('the page\'s generaContrato answers "01" with the documents; any other customer gets "00"', async () => {
    const generated = async (dni: string) => {
      const id = idOf(await open(dni));
      await passIdentity(id, dni);
      await kit.call(h('simulator.saveLoan'), {
        body: { codigoProspecto: id, importeFinanciar: 5000, cuotas: 24 },
      });
      const confirmed = await kit.call(h('lde.confirmData'), {
        body: {
          codigoProspecto: id,
          tipoResidencia: '1',
          departamento: '15',
          provincia: '1501',
          distrito: '150101',
          direccion: 'Av. Arequipa 123',
          email: 'ana@example.com',
        },
      });
      expect(confirmed.json.codRes).toBe('00');
      const { rows } = await kit.svc.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM lde_documents WHERE prospect_id = $1',
        [id],
      );
      return {
        before: rows[0]!.n,
        gen: await kit.call(h('contracts.generate'), { body: { codigoProspecto: id } }),
      };
    };
    const prepared = await generated('86300001');
    expect(prepared.before).toBeGreaterThan(0);
    expect(prepared.gen.json.codRes).toBe('01');
    expect(prepared.gen.json.documentos).toEqual(
      expect.arrayContaining([expect.objectContaining({ tipo: 'hojaResumen' })]),
    );
    const own = await generated('45678921');
    expect(own.before).toBe(0);
    expect(own.gen.json.codRes).toBe('00');
  });
});

describe('a debt purchase', () => {
  it('the summary sheet names the other institution and the debt the new credit pays it', async () => {
    const dni = '45678922';
    const id = idOf(await open(dni, { codigoProducto: 32, entidadDeuda: '003', montoDeuda: 2000 }));
    await passIdentity(id, dni);
    await kit.call(h('simulator.saveLoan'), {
      body: { codigoProspecto: id, importeFinanciar: 2000, cuotas: 24 },
    });
    const pdf = await kit.call(h('contracts.generate'), {
      body: { codigoProspecto: id, tipo: 'hojaResumen' },
    });
    expect(pdf.contentType).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.body as Buffer)), {
      mergePages: true,
    });
    expect(text).toContain('Entidad cuya deuda se paga');
    expect(text).toContain('Interbank');
    expect(text).toContain('Deuda que se paga a esa entidad');
    expect(text).toMatch(/2[.,\s]?000\.00/);
  });
});

describe('a signed renewal', () => {
  it('cancels the credit it paid off, stores the new one, and the summary sheet says where the money goes', async () => {
    const dni = '45678918';
    const id = idOf(await open(dni));
    await passIdentity(id, dni);
    // Below the balance it must pay off: refused as a client mistake (400), never stored.
    await expect(
      kit.call(h('simulator.saveLoan'), {
        body: { codigoProspecto: id, importeFinanciar: 2000, cuotas: 24 },
      }),
    ).rejects.toBeInstanceOf(BadInput);
    expect(
      (
        await kit.call(h('simulator.saveLoan'), {
          body: { codigoProspecto: id, importeFinanciar: 5000, cuotas: 24 },
        })
      ).json.codRes,
    ).toBe('00');
    const gen = await kit.call(h('contracts.generate'), { body: { codigoProspecto: id } });
    expect(gen.json.codRes).toBe('00');
    const pdf = await kit.call(h('contracts.generate'), {
      body: { codigoProspecto: id, tipo: 'hojaResumen' },
    });
    expect(pdf.contentType).toBe('application/pdf');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.body as Buffer)), {
      mergePages: true,
    });
    expect(text).toContain('Destino del crédito');
    expect(text).toMatch(/2[.,\s]?437\.52/);
    expect(text).toMatch(/2[.,\s]?562\.48/);
    expect((await kit.call(h('contracts.sendToken'), { body: { codigoProspecto: id } })).json.codRes).toBe(
      '00',
    );
    const signed = await kit.call(h('lde.update3'), {
      body: { codigoProspecto: id, tokenSMS: kit.lastToken('987111222'), fi_hojres: true },
    });
    expect(signed.json.codigoRespuesta).toBe('00');
    const c = await loadCustomer(kit.svc.db, 1, dni);
    expect(c?.credits).toHaveLength(1);
    expect(c?.credits[0]).toMatchObject({ monto: 5000, plazo: 24, cuotasPagadas: 0, codigoProducto: 14 });
    // The trail says which credit the signature opened and which it paid off.
    const trail = await offerEvents(kit.svc.db, id);
    expect(trail.map((e) => e.evento)).toEqual(['oferta', 'credito']);
    expect(trail[1]!.detalle).toMatchObject({
      abierto: { id: c!.credits[0]!.id, monto: 5000, plazo: 24 },
      cancelado: { saldo: 2437.52 },
    });
    // A second renewal of the same product is "01": one is already signed.
    expect((await open(dni)).json.codRes).toBe('01');
  });
});

describe('the scenario table', () => {
  it('lists the phone on file of each seeded customer, where their signing codes go', () => {
    const rows = SCENARIOS.sections.find((s) => s.id === 'customers')!.rows;
    for (const r of rows.filter((x) => x.extra?.telefono !== undefined))
      expect(r.extra!.telefono, r.documento).toBe(phoneOnFile(r.documento));
  });
});
