import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { createVehicleKit, type VehicleKit } from '../../domain/vehicle/test-kit.ts';
import { MAX_UPLOAD_BYTES } from '../../domain/vehicle/uploads.ts';
import { BadInput } from '../types.ts';
import { handlers } from './moto.ts';

let kit: VehicleKit;
beforeAll(async () => {
  kit = await createVehicleKit();
});
beforeEach(() => kit.reset());

const h = (id: string) => handlers[id];
const state = (json: Record<string, unknown>) => (json.prospecto as { estadoProspecto: number }).estadoProspecto;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

async function preEvaluate(documento: string, extra: Record<string, unknown> = {}) {
  const r = await kit.call(h('moto.preEvaluate'), { body: { tipoDocumento: 1, documento, codigoProducto: 28, telefono: '987654321', ...extra } });
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
});

async function walk(documento: string, until: 'policy' | 'personal' | 'simulation' | 'documents') {
  const p = (await preEvaluate(documento)).prospecto as { codigoProspecto: number };
  const id = p.codigoProspecto;
  const out: Record<string, number> = {};
  out.policy = state((await kit.call(h('moto.lookupProspect'), { body: { codigoProspecto: id } })).json);
  if (until === 'policy') return { id, out };
  out.personal = state((await kit.call(h('moto.registerAdditional'), { body: { codigoProspecto: id, ingresoMensual: 3000, estadoCivil: 'SO' } })).json);
  if (until === 'personal') return { id, out };
  const sim = await kit.call(h('moto.simulateConditions'), { body: { codigoProspecto: id, modeloVehiculo: 101, numeroCuotas: 24 } });
  expect(sim.json.codRes).toBe('00');
  out.simulation = state((await kit.call(h('moto.registerSimulation'), { body: { codigoProspecto: id } })).json);
  if (until === 'simulation') return { id, out };
  const up = await kit.call(h('moto.attachFile'), { body: { codigoProspecto: id, tipoDocumentoAdjunto: 'dni', contentType: 'image/png', archivo: PNG.toString('base64') } });
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

  it('answers "99" for an application that does not exist', async () => {
    expect((await kit.call(h('moto.lookupProspect'), { body: { codigoProspecto: 999999 } })).json.codRes).toBe('99');
  });
});

describe('moto simulation', () => {
  it('computes a French schedule within the product terms, in percent, and stores it', async () => {
    const { id } = await walk('45678912', 'personal');
    const sim = await kit.call(h('moto.simulateConditions'), { body: { codigoProspecto: id, precioVehiculo: 10990, importeCuotaInicial: 1990, numeroCuotas: 12 } });
    const s = sim.json.simulacion as { importeFinanciar: number; cuotas: number; tea: number; tcea: number; cronograma: { saldo: number }[]; importeCuotas: number };
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
    const sim = await kit.call(h('moto.simulateConditions'), { body: { codigoProspecto: id, importeFinanciar: 5000, numeroCuotas: 7 } });
    expect(sim.json.codRes).toBe('99');
    expect(String((sim.json.messages as string[])[0])).toMatch(/plazo de 7 meses/);
  });

  it('answers "99" when registering without a simulation', async () => {
    const { id } = await walk('45678912', 'personal');
    expect((await kit.call(h('moto.registerSimulation'), { body: { codigoProspecto: id } })).json.codRes).toBe('99');
  });
});

describe('moto uploads', () => {
  it('refuses a file over the size limit', async () => {
    const { id } = await walk('45678912', 'simulation');
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 10);
    PNG.copy(big);
    await expect(kit.call(h('moto.attachFile'), { body: { codigoProspecto: id, archivo: big.toString('base64') } })).rejects.toMatchObject({ fields: [{ path: 'archivo' }] });
  });

  it('refuses a file whose content is not a PDF, JPEG or PNG, whatever its declared type', async () => {
    const { id } = await walk('45678912', 'simulation');
    const exe = Buffer.from('MZ\x90\x00 not an image').toString('base64');
    await expect(kit.call(h('moto.attachFile'), { body: { codigoProspecto: id, contentType: 'image/png', archivo: exe } })).rejects.toBeInstanceOf(BadInput);
  });

  it('stores an accepted upload as a row', async () => {
    const { id } = await walk('45678912', 'documents');
    const { rows } = await kit.svc.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vehicle_uploads WHERE prospect_id = $1', [id]);
    expect(rows[0]?.n).toBe(1);
  });
});

describe('moto letters and closing calls', () => {
  it('serves the approval letter as a PDF with the name, DNI and amount', async () => {
    const { id } = await walk('45678912', 'documents');
    const p = (await kit.call(h('moto.lookupProspect'), { body: { codigoProspecto: id } })).json.prospecto as { nombres: string };
    const sim = (await kit.call(h('moto.getSimulation'), { params: { id: String(id) } })).json.simulacion as { importeFinanciar: number };
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
    expect(await pdfText((await kit.call(h('moto.letterReportLdBancarizador'), { params: { id: String(id) } })).body)).toMatch(/sin historial\s+bancario/);
    expect(await pdfText((await kit.call(h('moto.hondaPreApprovalReport'), { params: { id: String(id) } })).body)).toMatch(/pre-aprobación/);
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
    expect((fin.json.prospecto as { cartaAprobacion: string }).cartaAprobacion).toContain(`/aprobacion/2/${id}`);
    expect((fin.json.prospecto as { converus: string }).converus).toBe('APROBADO');
  });

  it('refuses the final state before the documents', async () => {
    const { id } = await walk('45678912', 'personal');
    expect((await kit.call(h('moto.finalState'), { body: { codigoProspecto: id } })).json.codRes).toBe('99');
  });

  it('records the contact request of a rejected applicant', async () => {
    const { id } = await walk('51000023', 'policy');
    expect((await kit.call(h('moto.rejectedContactIntent'), { body: { codigoProspecto: id } })).json.codRes).toBe('00');
    const { rows } = await kit.svc.db.query('SELECT 1 FROM vehicle_contact_requests WHERE prospect_id = $1', [id]);
    expect(rows).toHaveLength(1);
  });

  it('runs the Honda calls with product 54', async () => {
    const r = await kit.call(h('moto.hondaPreEvaluate'), { body: { tipoDocumento: 1, documento: '45678912' } });
    expect((r.json.prospecto as { codigoProducto: number }).codigoProducto).toBe(54);
  });
});
