/**
 * Vende más and FAE MYPE on the customer model: a vende más application texts the customer a
 * signed link that shows the stored offer (the same figures on every call); without it the
 * figures wait for the identity questions; FAE MYPE checks the business (RUC check digit, a
 * RUC 10 of the holder, an activity of the catalogue the programme finances) and keeps it.
 * SCENARIOS.md "Existing customers", the 86 block.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { createKit, type TestKit } from './lde/test-kit.ts';
import { customerHandlers, idOf } from './customer-test-calls.ts';
import { loadProspect } from '../../domain/lde/prospects.ts';
import { BadInput } from '../types.ts';
import { rucOfDni } from '../../../engine/peru.ts';

let kit: TestKit;
beforeAll(async () => {
  kit = await createKit();
});
beforeEach(async () => {
  await kit.reset();
});

const h = customerHandlers();
const PHONE = '987333444';

const openSellMore = (documento: string) =>
  kit.call(h('lde.retanqueoOffer'), {
    body: { channel: 12, codigoProducto: 13, tipoDocumento: 1, documento, placa: 'ABC-123', telefono: PHONE },
  });
const simulation = (codigoProspecto: number) =>
  kit.call(h('lde.sellMoreSimulation'), { body: { codigoProspecto } });
const tokenOf = (enlace: string) => new URL(enlace).searchParams.get('process') ?? '';
const openLink = (token: string) => kit.call(h('jwt.validate'), { body: { token } });

describe('vende más', () => {
  it('opening texts a signed link to the phone on file; the link shows the stored offer, the same on every call', async () => {
    const r = await openSellMore('45678931');
    expect(r.json.codRes).toBe('00');
    const id = idOf(r);
    // Before the link (or the identity questions) the figures are not shown: "01", with whose
    // application it is (a partner opening it by number asks that document's questions).
    expect((await simulation(id)).json).toMatchObject({
      codRes: '01',
      data: { codigoProspecto: id, documento: '45678931' },
    });
    expect((await simulation(id)).json.data).not.toHaveProperty('montoOfertado');
    const sms = kit.outbox.find((m) => m.celular === PHONE);
    expect(sms?.enlace).toMatch(/^https:\/\/sandbox\.test\/vendemas\?process=/);
    const link = await openLink(tokenOf(sms!.enlace!));
    expect(link.json).toMatchObject({ codRes: '00', data: { codigoProspecto: id, documento: '45678931' } });
    const first = await simulation(id);
    expect(first.json.codRes).toBe('00');
    // The default customer pays S/ 287.87 a month; a punctual history allows half as much again
    // (S/ 143.94) for a credit beside it: over 24 months at TEA 89% (TEM 5.448%) that repays
    // 143.94 × 13.217 = S/ 1,902.3, rounded down to S/ 1,900.
    expect(first.json.data).toMatchObject({
      codigoProducto: 13,
      montoMinimo: 300,
      montoOfertado: 1900,
      saldoCancelado: 0,
      plazos: '6,12,18,24',
      tea: 89,
    });
    expect((await simulation(id)).json).toEqual(first.json);
  });

  it.each([
    ['86000005', '05'],
    ['86000101', '01'],
  ])('%s answers "%s" when the offer is asked for', async (dni, code) => {
    expect((await openSellMore(dni)).json.codRes).toBe(code);
  });

  it.each([
    ['86000006', '06'],
    ['86000007', '07'],
  ])('%s is texted a link that answers "%s" and shows nothing', async (dni, code) => {
    const id = idOf(await openSellMore(dni));
    const sms = kit.outbox.find((m) => m.celular === PHONE);
    expect((await openLink(tokenOf(sms!.enlace!))).json.codRes).toBe(code);
    expect((await simulation(id)).json.codRes).toBe('01');
  });

  it('declining is recorded with its reason, and the offer is not shown again', async () => {
    const id = idOf(await openSellMore('45678932'));
    await openLink(tokenOf(kit.outbox.at(-1)!.enlace!));
    const r = await kit.call(h('lde.rejectLoan'), {
      body: { codigoProspecto: id, motivo: 'CUOTA_ALTA', comentario: 'Muy alta' },
    });
    expect(r.json.codigoRespuesta).toBe('10');
    const { rows } = await kit.svc.db.query<{ datos: { rechazo: unknown } }>(
      'SELECT datos FROM lde_prospects WHERE id = $1',
      [id],
    );
    expect(rows[0]?.datos.rechazo).toEqual({ motivo: 'CUOTA_ALTA', comentario: 'Muy alta' });
    expect((await simulation(id)).json.codRes).toBe('05');
  });

  it('an unknown application answers "03"', async () => {
    expect((await simulation(9007199254740991)).json.codRes).toBe('03');
  });

  it('product 13 outside the harvest channel is not vende más: it opens a libre disponibilidad', async () => {
    const id = idOf(
      await kit.call(h('lde.retanqueoOffer'), {
        body: { channel: 6, codigoProducto: 13, tipoDocumento: 1, documento: '45678933', placa: 'ABC-123' },
      }),
    );
    expect(await loadProspect(kit.svc.db, id)).toMatchObject({ producto: 'libre-disponibilidad' });
  });
});

const openFae = (documento: string, extra: Record<string, unknown> = {}) =>
  kit.call(h('lde.faeOffer'), {
    body: {
      channel: 10,
      codigoProducto: 13,
      tipoDocumento: 1,
      documento,
      placa: 'ABC-123',
      telefono: PHONE,
      ruc: rucOfDni(documento),
      actividadEconomica: 260,
      origen: 4,
      ...extra,
    },
  });

describe('FAE MYPE (producto/fae/ov)', () => {
  it('opens the application on channel 10 and keeps the business once', async () => {
    const r = await openFae('45678941');
    expect(r.json.codRes).toBe('00');
    const id = idOf(r);
    const { rows } = await kit.svc.db.query<{
      canal: number;
      producto: string;
      ruc: string;
      actividad_economica: number;
    }>(
      `SELECT p.canal, p.producto, b.ruc, b.actividad_economica FROM lde_prospects p
       JOIN customer_businesses b ON b.prospect_id = p.id WHERE p.id = $1`,
      [id],
    );
    expect(rows).toEqual([
      { canal: 10, producto: 'faemype', ruc: rucOfDni('45678941'), actividad_economica: 260 },
    ]);
  });

  it('a company RUC (20…) with a valid check digit is accepted', async () => {
    expect((await openFae('45678942', { ruc: '20100047218' })).json.codRes).toBe('00');
  });

  it.each([
    [{ ruc: '20100047219' }, '/ruc', 'dígito verificador'],
    [{ ruc: rucOfDni('12345678') }, '/ruc', 'DNI del titular'],
    [{ actividadEconomica: 999 }, '/actividadEconomica', 'catálogo'],
  ])('%j is a 400 that says what is wrong', async (extra, path, words) => {
    const error = await openFae('45678943', extra).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadInput);
    expect((error as BadInput).fields).toContainEqual(
      expect.objectContaining({ path, message: expect.stringContaining(words) as unknown }),
    );
  });

  it.each([
    ['86100005', '05'],
    ['81000505', '05'],
    ['86100101', '01'],
    ['81000000', '03'],
  ])('%s answers "%s"', async (dni, code) => {
    expect((await openFae(dni)).json.codRes).toBe(code);
  });

  it('public administration (activity 320) is not financed: "05"', async () => {
    expect((await openFae('45678944', { actividadEconomica: 320 })).json.codRes).toBe('05');
  });

  it('the summary sheet names the business the credit finances', async () => {
    const dni = '45678946';
    const id = idOf(await openFae(dni));
    // The identity questions are the shared ones (customers.test.ts): taken as passed here.
    await kit.svc.db.query(
      `UPDATE lde_prospects SET datos = datos || '{"identidadValidada": true}'::jsonb WHERE id = $1`,
      [id],
    );
    const saved = await kit.call(h('simulator.saveLoan'), {
      body: { codigoProspecto: id, importeFinanciar: 1500, cuotas: 12 },
    });
    expect(saved.json.codRes).toBe('00');
    expect((await kit.call(h('contracts.generate'), { body: { codigoProspecto: id } })).json.codRes).toBe(
      '00',
    );
    const pdf = await kit.call(h('contracts.generate'), {
      body: { codigoProspecto: id, tipo: 'hojaResumen' },
    });
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.body as Buffer)), {
      mergePages: true,
    });
    expect(text).toContain(rucOfDni(dni));
    expect(text).toContain('Bodega o venta al por menor de abarrotes');
  });

  it('once FAE MYPE is signed, another application answers "01"', async () => {
    const id = idOf(await openFae('45678945'));
    await kit.svc.db.query('UPDATE lde_prospects SET estado = 10 WHERE id = $1', [id]);
    expect((await openFae('45678945')).json.codRes).toBe('01');
  });
});
