import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { createVehicleKit, type VehicleKit } from './test-kit.ts';
import { handlers } from '../../sandbox/handlers/consumo.ts';
import { handlers as contractHandlers } from '../../sandbox/handlers/contracts.ts';
import { money2, simulate } from '../../../engine/credit-math.ts';
import { termsOf } from './product-terms.ts';
import { verifyLink } from '../lde/links.ts';

let kit: VehicleKit;
beforeAll(async () => {
  kit = await createVehicleKit();
});
beforeEach(() => kit.reset());

const h = (id: string) => handlers[id];
const cuotaText = (cuota: number) => `S/ ${cuota.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
const SECRET = 'a-test-secret-of-at-least-32-characters!';

/** A quoter application of `documento` for `codigoProducto` (entity `codigoEntidad`), quoted at `importe` over `months`. */
async function quoted(
  documento: string,
  codigoProducto: number,
  importe: number,
  months: number,
  codigoEntidad = 1,
) {
  const pre = await kit.call(h('consumo.preEvaluateQuoter'), {
    body: {
      tipoDocumento: 1,
      documento,
      telefono: '987654321',
      ingresoMensual: 6000,
      codigoProducto,
      codigoEntidad,
    },
  });
  const id = (pre.json.prospecto as { codigoProspecto: number }).codigoProspecto;
  const q = await kit.call(h('consumo.quote'), {
    body: { codigoProspecto: id, importeFinanciar: importe, numeroCuotas: months },
  });
  expect(q.json.codRes).toBe('00');
  return id;
}

describe("the quote (the quoters' final step)", () => {
  it('records a code and a validity, texts the figures and a signed link to the product, and prints them', async () => {
    const id = await quoted('45678912', 48, 8000, 24);
    const sent = await kit.call(h('consumo.sendQuote'), { body: { codigoProspecto: id } });
    expect(sent.json).toMatchObject({ codRes: '00', fechaVigencia: '09/03/2026' });
    const codigo = sent.json.codigoCotizacion as string;
    expect(codigo).toMatch(/^COT-20260302-[0-9A-F]{6}$/);

    // Real credit math: the consumer product's list rate, 24 level instalments with desgravamen.
    const terms = termsOf(48, 48);
    const sim = simulate({
      amount: 8000,
      tea: terms.tea,
      months: 24,
      desgravamenMonthly: terms.desgravamenMensual,
      rateCapTea: 1.1316,
      firstDate: '2026-03-02',
    });
    const cuota = (sent.json.cotizacion as { importeCuotas: number }).importeCuotas;
    expect(cuota).toBe(money2(sim.instalment));

    const tcea = (sent.json.cotizacion as { tcea: number }).tcea;
    expect(tcea).toBeGreaterThan(55);
    const tceaText = `${tcea.toFixed(2)}%`;
    const sms = kit.outbox.at(-1)!;
    expect(sms.celular).toBe('987654321');
    // The SMS carries the quote itself: code, amount, term, instalment, TCEA and validity.
    for (const part of [codigo, 'S/ 8,000.00', '24 cuotas', cuotaText(cuota), tceaText, '09/03/2026'])
      expect(sms.texto).toContain(part);
    expect(sms.enlace).toMatch(/^https:\/\/sandbox\.test\/consumo\?cotizacion=/);
    const token = decodeURIComponent(sms.enlace!.split('cotizacion=')[1]!);
    const link = await verifyLink(SECRET, token, Date.UTC(2026, 2, 2, 16), ['quote']);
    expect(link).toMatchObject({
      codRes: '00',
      claims: { purpose: 'quote', kind: 'vehicle', codigoProspecto: id, documento: '45678912' },
    });
    // The link is what the product page validates: it names this application only.
    const valid = await kit.call(contractHandlers['jwt.validate'], { body: { token } });
    expect(valid.json).toMatchObject({ codRes: '00', data: { codigoProspecto: id } });
    // After the validity it no longer opens anything.
    expect(await verifyLink(SECRET, token, Date.UTC(2026, 2, 10), ['quote'])).toEqual({ codRes: '07' });

    const pdf = await kit.call(h('consumo.quoteReport'), { params: { id: String(id) } });
    expect(pdf.status).toBe(200);
    const doc = await getDocumentProxy(new Uint8Array(pdf.body as Buffer));
    const body = (await extractText(doc, { mergePages: true })).text;
    for (const s of [codigo, 'S/ 8,000.00', '24 meses', cuotaText(cuota), '55.00%', tceaText, '09/03/2026'])
      expect(body).toContain(s);
    expect(body).toMatch(/TCEA/);

    // Simulating again after the quote was sent does not change the quote's printed figures.
    await kit.call(h('consumo.quote'), {
      body: { codigoProspecto: id, importeFinanciar: 3000, numeroCuotas: 12 },
    });
    const again = await kit.call(h('consumo.quoteReport'), { params: { id: String(id) } });
    const text = (
      await extractText(await getDocumentProxy(new Uint8Array(again.body as Buffer)), { mergePages: true })
    ).text;
    expect(text).toContain('S/ 8,000.00');
    expect(text).toContain('24 meses');
    expect(text).not.toContain('S/ 3,000.00');
  });

  it('opens the product the quoter quoted: taxi for product 31, the partner loan for its entity', async () => {
    const taxi = await quoted('45678913', 31, 20000, 36);
    await kit.call(h('consumo.sendQuote'), { body: { codigoProspecto: taxi } });
    expect(kit.outbox.at(-1)!.enlace).toContain('/taxi-profesional?cotizacion=');
    const alfin = await quoted('45678914', 48, 5000, 12, 1221);
    await kit.call(h('consumo.sendQuote'), { body: { codigoProspecto: alfin } });
    expect(kit.outbox.at(-1)!.enlace).toContain('/consumo-alfin?cotizacion=');
  });

  it('answers "99" before any simulation, and the PDF 404 before any quote', async () => {
    const pre = await kit.call(h('consumo.preEvaluateQuoter'), {
      body: { tipoDocumento: 1, documento: '45678915' },
    });
    const id = (pre.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    expect((await kit.call(h('consumo.sendQuote'), { body: { codigoProspecto: id } })).json.codRes).toBe(
      '99',
    );
    expect((await kit.call(h('consumo.quoteReport'), { params: { id: String(id) } })).status).toBe(404);
  });
});
