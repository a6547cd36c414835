import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { createVehicleKit, type VehicleKit } from '../../domain/vehicle/test-kit.ts';
import { handlers } from './consumo.ts';
import { handlers as motoHandlers } from './moto.ts';

let kit: VehicleKit;
beforeAll(async () => {
  kit = await createVehicleKit();
});
beforeEach(() => kit.reset());

const h = (id: string) => handlers[id] ?? motoHandlers[id];
const state = (json: Record<string, unknown>) => (json.prospecto as { estadoProspecto: number }).estadoProspecto;

async function pdfText(body: unknown): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(body as Buffer));
  return (await extractText(pdf, { mergePages: true })).text;
}

type Family = 'consumo' | 'seminuevo';
const PRE: Record<Family, string> = { consumo: 'consumo.preEvaluate', seminuevo: 'seminuevo.preEvaluate' };
const PERSONAL: Record<Family, string> = { consumo: 'consumo.registerAdditional', seminuevo: 'seminuevo.registerAdditional' };
const SIMULATE: Record<Family, string> = { consumo: 'consumo.simulate', seminuevo: 'seminuevo.simulate' };
const REGISTER: Record<Family, string> = { consumo: 'consumo.registerSimulation', seminuevo: 'seminuevo.registerSimulation' };

/** Plays a consumer or semi-new application up to `until`, answering the state of every step. */
async function walk(family: Family, documento: string, until: number) {
  const pre = await kit.call(h(PRE[family]), { body: { tipoDocumento: 1, documento, placa: 'ABC-123', telefono: '987654321' } });
  const id = (pre.json.prospecto as { codigoProspecto: number }).codigoProspecto;
  const states = [state(pre.json)];
  if (until >= 2) states.push(state((await kit.call(h('moto.lookupProspect'), { body: { codigoProspecto: id } })).json));
  if (until >= 3) states.push(state((await kit.call(h(PERSONAL[family]), { body: { codigoProspecto: id, ingresoMensual: 6000 } })).json));
  if (until >= 4) {
    const body = family === 'seminuevo' ? { codigoProspecto: id, precioVehiculo: 40000, importeCuotaInicial: 10000, numeroCuotas: 36 } : { codigoProspecto: id, importeFinanciar: 8000, numeroCuotas: 24 };
    const sim = await kit.call(h(SIMULATE[family]), { body });
    expect(sim.json.codRes).toBe('00');
    states.push(state((await kit.call(h(REGISTER[family]), { body: { codigoProspecto: id } })).json));
  }
  if (until >= 5) states.push(state((await kit.call(h('consumo.registerAdditionalFinal'), { body: { codigoProspecto: id, direccion: 'Jr. Los Pinos 123' } })).json));
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
    const r = await kit.call(h('seminuevo.preEvaluate'), { body: { tipoDocumento: 1, documento: '45678912', placa: 'ZZZ-999' } });
    expect(r.json.codRes).toBe('02');
    expect(state(r.json)).toBe(-5);
    expect(r.json.detalleRespuesta).toBe('Esta placa ya fue entregada.');
  });

  it('answers "02" for a plate another applicant already took delivery of', async () => {
    const { id } = await walk('seminuevo', '45678912', 5);
    await kit.call(h('moto.finalState'), { body: { codigoProspecto: id } });
    const other = await kit.call(h('seminuevo.preEvaluate'), { body: { tipoDocumento: 1, documento: '41234567', placa: 'abc-123' } });
    expect(other.json.codRes).toBe('02');
  });

  it('opens a new application once the previous one reached the final state', async () => {
    const { id } = await walk('consumo', '45678912', 5);
    await kit.call(h('moto.finalState'), { body: { codigoProspecto: id } });
    const again = await kit.call(h('consumo.preEvaluate'), { body: { tipoDocumento: 1, documento: '45678912' } });
    expect(again.json.prospecto).toMatchObject({ estadoProspecto: 0 });
    expect((again.json.prospecto as { codigoProspecto: number }).codigoProspecto).not.toBe(id);
  });

  it('answers −2 for a minor in the quoter', async () => {
    const r = await kit.call(h('consumo.preEvaluateQuoter'), { body: { tipoDocumento: 1, documento: '45678912', fechaNacimiento: '2015-05-05' } });
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

  it('walks a semi-new application on the happy path', async () => {
    expect((await walk('seminuevo', '45678912', 5)).states).toEqual([0, 25, 26, 26, 30]);
  });
});

describe('consumer simulation', () => {
  it('answers the current and new annual rates; the new one is never above the current', async () => {
    const { id } = await walk('consumo', '45678912', 3);
    const r = await kit.call(h('consumo.simulate'), { body: { codigoProspecto: id, importeFinanciar: 8000, numeroCuotas: 24 } });
    const cond = (r.json.simulacion as { condicionSimulacion: { pr_teaact: number; pr_teanue: number } }).condicionSimulacion;
    expect(cond.pr_teaact).toBe(55);
    expect(cond.pr_teanue).toBeLessThanOrEqual(cond.pr_teaact);
    expect(r.json.creditConditions).toMatchObject({ valoresCondicion: { pr_teaact: 55 } });
  });

  it('refuses an amount above what the declared income can repay', async () => {
    const pre = await kit.call(h('consumo.preEvaluate'), { body: { tipoDocumento: 1, documento: '45678912' } });
    const id = (pre.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    await kit.call(h('consumo.registerAdditional'), { body: { codigoProspecto: id, ingresoMensual: 1200 } });
    const r = await kit.call(h('consumo.simulate'), { body: { codigoProspecto: id, importeFinanciar: 30000, numeroCuotas: 36 } });
    expect(r.json.codRes).toBe('99');
    expect(String((r.json.messages as string[])[0])).toMatch(/importe máximo/);
  });

  it('reads the stored simulation by id: "99" before simulating, "00" with the figures after', async () => {
    const pre = await kit.call(h('consumo.preEvaluate'), { body: { tipoDocumento: 1, documento: '45678912' } });
    const id = (pre.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    expect((await kit.call(h('consumo.getSimulation'), { params: { id: String(id) } })).json.codRes).toBe('99');
    await kit.call(h('consumo.simulate'), { body: { codigoProspecto: id, importeFinanciar: 6000, numeroCuotas: 12 } });
    const got = await kit.call(h('consumo.getSimulation'), { params: { id: String(id) } });
    expect(got.json.codRes).toBe('00');
    expect((got.json.simulacion as { importeFinanciar: number }).importeFinanciar).toBe(6000);
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
    expect(await pdfText((await kit.call(h('seminuevo.expressReport'), { params: { data: String(id) } })).body)).toMatch(/exprés/);
    expect(await pdfText((await kit.call(h('seminuevo.traditionalReport'), { params: { data: String(id) } })).body)).toMatch(/tradicional/);
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
    expect((await kit.call(h('consumo.registerGuarantor'), { body: { codigoProspecto: id, tipoAval: 'GI', documentoAval: '41234567' } })).json.codRes).toBe('00');
    await expect(kit.call(h('consumo.registerGuarantor'), { body: { codigoProspecto: id, tipoAval: 'XX' } })).rejects.toMatchObject({ fields: [{ path: 'tipoAval' }] });
    await expect(kit.call(h('consumo.registerGuarantor'), { body: { codigoProspecto: id, documentoAval: '45678912' } })).rejects.toMatchObject({ fields: [{ path: 'documentoAval' }] });
  });
});
