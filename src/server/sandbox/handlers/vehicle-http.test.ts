/**
 * The vehicle, consumer, taxi and catalog calls through the real server: routing by path and
 * query, request validation, PDF answers and the 400 of a refused upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../../test-support.ts';
import { testBrowser, type TestBrowser } from '../../test-browser.ts';

let srv: Awaited<ReturnType<typeof startTestApp>>;
/** One applicant's browser: the applications it opens stay its own. */
let browser: TestBrowser;
beforeAll(async () => {
  srv = await startTestApp();
  browser = testBrowser(srv.app);
});
afterAll(async () => {
  await srv.stop();
});

const post = (url: string, payload: unknown) =>
  browser.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { 'idempotency-key': `k-${Math.random()}` },
  });

describe('vehicle calls over HTTP', () => {
  it('serves the 43 districts of Lima province and the models of a brand', async () => {
    const d = await srv.app.inject({ method: 'GET', url: '/kong/ubigeo/dist/1501' });
    expect(d.statusCode).toBe(200);
    expect(d.json<{ data: unknown[] }>().data).toHaveLength(43);
    const m = await srv.app.inject({ method: 'GET', url: '/kong/vehiculos/info-modelo/?marca=Honda' });
    expect(m.statusCode).toBe(200);
    expect(m.json<{ data: { descripcion: string }[] }>().data.map((x) => x.descripcion)).toContain('CB 190R');
  });

  it('answers the delivered semi-new plate with code 02 and state −5', async () => {
    const r = await post('/kong/prospecto/v2.0/preevaluacion/consumo/semi-nuevo', {
      tipoDocumento: 1,
      documento: '45678912',
      placa: 'ZZZ-999',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ codRes: '02', prospecto: { estadoProspecto: -5 } });
  });

  it('routes the taxi server steps by their paso query', async () => {
    const r = await post('/api/private/v1.3/prospectos?paso=0', {
      tipoDocumento: 1,
      documento: '60000003',
      placa: 'ABC-123',
      codigoProducto: 31,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ codigoRespuesta: '00', codigoEstado: 3 });
  });

  it('opens one taxi application for 20 concurrent customer checks of one DNI', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/private/v1.3/prospectos?paso=0', {
          tipoDocumento: 1,
          documento: '45678950',
          placa: 'ABC-123',
          codigoProducto: 31,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const { rows } = await srv.db!.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM vehicle_prospects WHERE family = 'taxi' AND documento = '45678950'",
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('plays a moto application to its letter, served as application/pdf', async () => {
    const pre = await post('/kong/prospecto/v2.0/preevaluacion', {
      tipoDocumento: 1,
      documento: '45678912',
      codigoProducto: 28,
    });
    expect(pre.statusCode).toBe(200);
    const id = pre.json<{ prospecto: { codigoProspecto: number } }>().prospecto.codigoProspecto;
    expect(
      (await post('/kong/prospecto/v2.0/consultarProspecto', { codigoProspecto: id })).json(),
    ).toMatchObject({ prospecto: { estadoProspecto: 25 } });
    expect(
      (
        await post('/kong/prospecto/v2.0/registroAdicional', { codigoProspecto: id, ingresoMensual: 3000 })
      ).json(),
    ).toMatchObject({ prospecto: { estadoProspecto: 26 } });
    expect(
      (
        await post('/kong/prospecto/v2.0/simular/condiciones', {
          codigoProspecto: id,
          importeFinanciar: 8000,
          numeroCuotas: 24,
        })
      ).json(),
    ).toMatchObject({ codRes: '00', plazos: '12,18,24,30,36' });
    expect(
      (await post('/kong/prospecto/v2.0/registrar/simulacion', { codigoProspecto: id })).json(),
    ).toMatchObject({ prospecto: { estadoProspecto: 26 } });
    const pdf = await browser.inject({ method: 'GET', url: `/kong/reporte/cartamoto/2/${id}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('refuses an upload that is not a PDF, JPEG or PNG with 400', async () => {
    const pre = await post('/kong/prospecto/v2.0/preevaluacion', {
      tipoDocumento: 1,
      documento: '45678913',
      codigoProducto: 28,
    });
    const id = pre.json<{ prospecto: { codigoProspecto: number } }>().prospecto.codigoProspecto;
    const r = await post('/kong/prospecto/v2.0/adjuntarArchivo', {
      codigoProspecto: id,
      archivo: Buffer.from('just text, not an image').toString('base64'),
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toMatch(/archivo/);
  });
});
