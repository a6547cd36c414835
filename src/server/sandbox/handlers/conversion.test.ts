/**
 * The conversion campaign calls through the real server (SCENARIOS.md "Conversion campaign"):
 * every contract row, the happy path of an unlisted DNI, the status lookup a resume link
 * reads, and the 400 of a body the call cannot work with. Answers are held against their
 * response schemas by the server itself (`SANDBOX_CHECK_ANSWERS`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../engine/endpoints.ts';
import { SCENARIOS } from '../scenarios.ts';
import { startTestApp } from '../../test-support.ts';
import { text } from '../../texts.ts';
import { testBrowser, type TestBrowser } from '../../test-browser.ts';

const PRE = ENDPOINTS['conversion.preEvaluate'];
const STATUS = ENDPOINTS['conversion.status'];

let srv: Awaited<ReturnType<typeof startTestApp>>;
/** The applicant's browser: it holds the applications it opens. */
let browser: TestBrowser;
beforeAll(async () => {
  srv = await startTestApp();
  browser = testBrowser(srv.app);
}, 180000);
afterAll(async () => {
  await srv.stop();
});

/** What the data form sends (spec 000 §3 "Conversion evaluation data"). */
const form = (documento: string, extra: Record<string, unknown> = {}) => ({
  tipoDocumento: 1,
  documento,
  placa: 'B7K-245',
  categoriaVehiculo: 'M1',
  telefono: '987654321',
  email: 'cliente@correo.pe',
  codigoProducto: 19,
  channel: 1,
  origen: 4,
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_content: 'gnv',
  utm_campaign: 'conversiones',
  ...extra,
});

const evaluate = (payload: unknown, key = `k-${Math.random()}`) =>
  browser.inject({
    method: 'POST',
    url: PRE.path,
    payload: payload as Record<string, unknown>,
    headers: { 'idempotency-key': key },
  });
const lookup = (id: unknown, documento?: string) =>
  browser.inject({
    method: 'GET',
    url: STATUS.path.replace('{codigoProspecto}', String(id)),
    query: documento === undefined ? {} : { documento },
  });

describe('the conversion calls in the registry', () => {
  it('are marked as calls the spec names without a path; the pre-evaluation creates', () => {
    expect(PRE).toMatchObject({ method: 'POST', codeField: 'codRes', creates: true, family: 'conversion' });
    expect(STATUS).toMatchObject({
      method: 'GET',
      codeField: 'estadoProspecto',
      creates: false,
      request: null,
    });
    expect(PRE.pathNotInSpec).toMatch(/Conversion evaluation data/);
    expect(STATUS.pathNotInSpec).toMatch(/codigoProspecto/);
  });
});

describe('conversion pre-evaluation (SCENARIOS.md "Conversion campaign")', () => {
  it('an unlisted DNI is evaluated: status 0 (offer form), no products, a prospect to resume', async () => {
    const r = await evaluate(form('45678912'));
    expect(r.statusCode).toBe(200);
    const body = r.json<Record<string, unknown>>();
    expect(body).toMatchObject({ codRes: '00', estadoProspecto: 0, productos: [], detalleRespuesta: 'OK' });
    expect(typeof body.codigoProspecto).toBe('number');
    const s = await lookup(body.codigoProspecto, '45678912');
    expect(s.statusCode).toBe(200);
    expect(s.json()).toMatchObject({
      codRes: '00',
      codigoProspecto: body.codigoProspecto,
      estadoProspecto: 0,
      productos: [],
      codigoProducto: 19,
    });
  });

  it.each([
    ['70000002', 2, [], text('status.evaluacionEnProceso')],
    ['70000014', 14, [], text('status.preAprobado')],
    ['70000018', 18, [19, 20], 'OK'],
    ['70000035', 35, [21, 22], 'OK'],
    ['70000022', 22, [], text('status.creditoActivado')],
    ['70000077', 77, [], text('status.solicitudEnProceso')],
  ])(
    '%s answers status %s with products %j, and the resume lookup reads the same',
    async (documento, estado, productos, detalle) => {
      const r = await evaluate(form(documento));
      expect(r.statusCode).toBe(200);
      const body = r.json<Record<string, unknown>>();
      expect(body).toMatchObject({
        codRes: '00',
        estadoProspecto: estado,
        productos,
        detalleRespuesta: detalle,
      });
      const s = await lookup(body.codigoProspecto, documento);
      expect(s.statusCode).toBe(200);
      expect(s.json()).toMatchObject({
        codRes: '00',
        codigoProspecto: body.codigoProspecto,
        estadoProspecto: estado,
        productos,
      });
    },
  );

  it.each([
    ['71000001', '01', text('status.solicitudEnProceso')],
    ['71000003', '03', text('status.sinOferta')],
    ['71000004', '04', text('status.prestamoAprobado')],
    ['71000005', '05', text('status.noNuevasSolicitudes')],
  ])('%s answers pre-evaluation "%s" and registers no prospect', async (documento, code, detalle) => {
    const r = await evaluate(form(documento));
    expect(r.statusCode).toBe(200);
    const body = r.json<Record<string, unknown>>();
    expect(body).toMatchObject({ codRes: code, detalleRespuesta: detalle });
    expect(body).not.toHaveProperty('codigoProspecto');
    expect(body).not.toHaveProperty('estadoProspecto');
    if (code === '04') expect(body.enlaceRenovacion).toMatch(/\/renovacion$/);
    else expect(body).not.toHaveProperty('enlaceRenovacion');
  });

  it('covers every row of the contract section', () => {
    const section = SCENARIOS.sections.find((s) => s.id === 'conversion')!;
    const tested = [
      '70000002',
      '70000014',
      '70000018',
      '70000035',
      '70000022',
      '70000077',
      '71000001',
      '71000003',
      '71000004',
      '71000005',
    ];
    expect(section.rows.map((r) => r.documento).sort()).toEqual([...tested].sort());
  });

  it('resumes the same application when the applicant evaluates the same vehicle again; another plate opens a new one', async () => {
    const first = (await evaluate(form('45678913'))).json<{ codigoProspecto: number }>();
    const again = (await evaluate(form('45678913', { telefono: '912345678' }))).json<{
      codigoProspecto: number;
    }>();
    expect(again.codigoProspecto).toBe(first.codigoProspecto);
    const other = (await evaluate(form('45678913', { placa: 'C3D-456' }))).json<{
      codigoProspecto: number;
    }>();
    expect(other.codigoProspecto).not.toBe(first.codigoProspecto);
  });

  it('replays the stored answer to a retry with the same idempotency key', async () => {
    const a = await evaluate(form('45678914'), 'conversion-retry');
    const b = await evaluate(form('45678914'), 'conversion-retry');
    expect(b.headers['idempotent-replay']).toBe('true');
    expect(b.json()).toEqual(a.json());
  });
});

describe('conversion bad input', () => {
  it('refuses a body without the plate and with a malformed DNI with 400 naming the fields', async () => {
    const r = await evaluate({ tipoDocumento: 1, documento: '4567891', telefono: '12345' });
    expect(r.statusCode).toBe(400);
    const campos = r.json<{ errores: { campo: string }[] }>().errores.map((e) => e.campo);
    expect(campos).toEqual(expect.arrayContaining(['placa', 'documento', 'telefono']));
  });

  it('refuses a DNI that is not 8 digits and a malformed plate with 400', async () => {
    const dni = await evaluate(form('ABC123456'));
    expect(dni.statusCode).toBe(400);
    expect(JSON.stringify(dni.json())).toMatch(/documento/);
    const plate = await evaluate(form('45678912', { placa: '12' }));
    expect(plate.statusCode).toBe(400);
    expect(JSON.stringify(plate.json())).toMatch(/placa/);
  });

  it('answers an unknown prospect with 404 "03" and a code that is not a number with 400', async () => {
    const unknown = await lookup(123456789, '45678912');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      codRes: '03',
      detalleRespuesta: text('vehicle.prospectNotFound'),
    });
    expect((await lookup('abc', '45678912')).statusCode).toBe(400);
  });

  it("opens an application only with its holder's document: another's answers as an unknown code, none is a 400", async () => {
    const { codigoProspecto } = (await evaluate(form('45678915'))).json<{ codigoProspecto: number }>();
    expect((await lookup(codigoProspecto, '45678915')).statusCode).toBe(200);
    const other = await lookup(codigoProspecto, '45678916');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ codRes: '03' });
    const none = await lookup(codigoProspecto);
    expect(none.statusCode).toBe(400);
    expect(none.json<{ errores: { campo: string }[] }>().errores.map((e) => e.campo)).toContain('documento');
  });
});
