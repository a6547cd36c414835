/**
 * Biometric provider calls are limited per client address (`BIOMETRIC_CALLS_PER_IP_HOUR`)
 * as well as per application: one address cannot spend many applications' allowances, and
 * the refusal has the biometric calls' error shape (codRes "99"), which the flows already
 * handle (000 §4 "Biometrics": any other codRes is an error).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './test-support.ts';
import { text } from './texts.ts';
import { testBrowser, type TestBrowser } from './test-browser.ts';

const LIMIT = 3;
let srv: Awaited<ReturnType<typeof startTestApp>>;
const prospects: { codigoProspecto: number; documento: string }[] = [];
/** The browser that opened both applications (it holds them, from any address). */
let browser: TestBrowser;

beforeAll(async () => {
  srv = await startTestApp({ BIOMETRIC_CALLS_PER_IP_HOUR: String(LIMIT) });
  browser = testBrowser(srv.app);
  for (const documento of ['45678912', '10000000']) {
    const r = await browser.inject({
      method: 'POST',
      url: '/v4/prospecto/v2.0/producto/lde',
      payload: {
        tipoDocumento: 1,
        documento,
        fechaNacimiento: '1990-05-10',
        placa: 'ABC-123',
        recorridoxDia: 3,
        telefono: '987654321',
        email: 'cliente@example.pe',
        terms: '1',
      },
    });
    const body = r.json<{ prospecto: { codigoProspecto: number } }>();
    prospects.push({ codigoProspecto: body.prospecto.codigoProspecto, documento });
  }
}, 120_000);
afterAll(async () => {
  await srv?.stop();
});

const recordCheck = async (from: string, p: { codigoProspecto: number; documento: string }) => {
  const r = await browser.inject({
    method: 'POST',
    url: '/kong/prospecto/v1.0/producto/valida-prospecto',
    payload: p,
    remoteAddress: from,
  });
  expect(r.statusCode).toBe(200);
  return r.json<{ codRes: string; detalleRespuesta: string }>();
};

describe('biometric calls per client address', () => {
  it('refuses the calls past the hourly allowance of one address, whichever application they name', async () => {
    const [one, two] = [prospects[0]!, prospects[1]!];
    expect((await recordCheck('203.0.113.7', one)).codRes).toBe('00');
    expect((await recordCheck('203.0.113.7', one)).codRes).toBe('00');
    expect((await recordCheck('203.0.113.7', two)).codRes).toBe('00');
    const refused = await recordCheck('203.0.113.7', two);
    expect(refused).toEqual({ codRes: '99', detalleRespuesta: text('error.badCodeResponse') });
  });

  it('another address is not held back by it, and the same application still answers from there', async () => {
    expect((await recordCheck('198.51.100.20', prospects[1]!)).codRes).toBe('00');
  });

  it('the allowance comes back in the next hour (stored in the database, on the service clock)', async () => {
    expect((await recordCheck('203.0.113.7', prospects[0]!)).codRes).toBe('99');
    const moved = await srv.app.inject({
      method: 'POST',
      url: '/__sandbox/clock',
      payload: { advanceMs: 3600_000 },
    });
    expect(moved.statusCode).toBe(200);
    expect((await recordCheck('203.0.113.7', prospects[0]!)).codRes).toBe('00');
    const { rows } = await srv.db!.query<{ calls: number }>(
      "SELECT calls FROM lde_biometric_address_calls WHERE address = '203.0.113.7' ORDER BY hour_start",
    );
    expect(rows.map((r) => r.calls)).toEqual([LIMIT + 2, 1]);
  });

  it('refuses a setting that is not a positive whole number at start-up', async () => {
    await expect(startTestApp({ BIOMETRIC_CALLS_PER_IP_HOUR: '0' })).rejects.toThrow(
      /BIOMETRIC_CALLS_PER_IP_HOUR/,
    );
  });
});
