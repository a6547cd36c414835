/**
 * The back-office helpers over HTTP (sandbox mode; the upstream 404 is in
 * upstream-proxy.test.ts). `POST /__sandbox/prospects/{id}/state` moves a vehicle application,
 * refuses what is not a vehicle state or not an application, and approving a motorcycle
 * registration (33) texts the signature link. `POST /__sandbox/prospects/{id}/observation`
 * (the analyst's review; what it changes is in handlers/lde/observed-support.test.ts) refuses
 * anything but an observed instant-credit application.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './test-support.ts';
import { testBrowser, type TestBrowser } from './test-browser.ts';
import texts from '../../i18n/es-PE.json' with { type: 'json' };
import { lead } from './sandbox/handlers/lde/test-kit.ts';

let srv: Awaited<ReturnType<typeof startTestApp>>;
/** The applicant's browser (the sandbox helpers themselves are back-office calls, open to any caller). */
let browser: TestBrowser;
beforeAll(async () => {
  srv = await startTestApp();
  browser = testBrowser(srv.app);
});
afterAll(() => srv.stop());

async function motoApplication(celular: string): Promise<number> {
  const r = await browser.inject({
    method: 'POST',
    url: '/kong/prospecto/v2.0/preevaluacion',
    payload: {
      tipoDocumento: 1,
      documento: '45678912',
      codigoProducto: 28,
      telefono: celular,
      email: 'ana@example.com',
      fechaNacimiento: '1990-05-10',
      terms: '1',
    },
  });
  expect(r.statusCode).toBeLessThan(300);
  return r.json<{ prospecto: { codigoProspecto: number } }>().prospecto.codigoProspecto;
}

const decide = (id: number | string, payload: unknown) =>
  srv.app.inject({
    method: 'POST',
    url: `/__sandbox/prospects/${id}/state`,
    payload: payload as Record<string, unknown>,
  });

describe('POST /__sandbox/prospects/{id}/state', () => {
  it('approves the registration (33): the lookup reads it and the applicant gets the /firma-electronica link', async () => {
    const id = await motoApplication('955500011');
    const r = await decide(id, { estadoProspecto: 33 });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ codigoProspecto: id, estadoProspecto: 33 });
    const lookup = await browser.inject({
      method: 'POST',
      url: '/kong/prospecto/v2.0/consultarProspecto',
      payload: { codigoProspecto: id },
    });
    expect(lookup.json<{ prospecto: { estadoProspecto: number } }>().prospecto.estadoProspecto).toBe(33);
    const outbox = (await srv.app.inject({ url: '/__sandbox/outbox?celular=955500011' })).json<
      { enlace?: string }[]
    >();
    expect(outbox[0]?.enlace).toMatch(/\/firma-electronica\?token=/);
  });

  it('holds the policy evaluation pending with retenerEvaluacion (0, 12 or 28 only, a boolean): the lookup answers the state as stored', async () => {
    const id = await motoApplication('955500013');
    expect((await decide(id, { estadoProspecto: 12, retenerEvaluacion: true })).statusCode).toBe(200);
    const lookup = await browser.inject({
      method: 'POST',
      url: '/kong/prospecto/v2.0/consultarProspecto',
      payload: { codigoProspecto: id },
    });
    expect(lookup.json<{ estadoProspecto: number }>().estadoProspecto).toBe(12);
    for (const [payload, message] of [
      [{ estadoProspecto: 33, retenerEvaluacion: true }, texts['servidor.backOffice.retenerSinEvaluacion']],
      [{ estadoProspecto: 0, retenerEvaluacion: 'sí' }, texts['servidor.backOffice.retener']],
    ] as const) {
      const r = await decide(id, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(r.json())).toContain('retenerEvaluacion');
      // The wording is the texts file's, placeholders filled.
      const said = JSON.stringify(r.json());
      expect(said).toContain(message?.split('{')[0]);
    }
  });

  it('refuses a state the spec does not list, or a missing one, with the field at fault', async () => {
    const id = await motoApplication('955500012');
    for (const payload of [{ estadoProspecto: 77 }, { estadoProspecto: '33' }, {}]) {
      const r = await decide(id, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(r.json())).toContain('estadoProspecto');
    }
  });

  it('answers 404 for an application that does not exist and 400 for a code that is not a number', async () => {
    expect((await decide(123, { estadoProspecto: 33 })).statusCode).toBe(404);
    expect((await decide('abc', { estadoProspecto: 33 })).statusCode).toBe(400);
  });
});

const review = (id: number | string, payload: unknown) =>
  srv.app.inject({
    method: 'POST',
    url: `/__sandbox/prospects/${id}/observation`,
    payload: payload as Record<string, unknown>,
  });

describe('POST /__sandbox/prospects/{id}/observation', () => {
  it('refuses an instant-credit application without an observed evaluation, naming why', async () => {
    const r = await browser.inject({
      method: 'POST',
      url: '/v4/prospecto/v2.0/producto/lde',
      payload: lead('45678913', { telefono: '955500014' }),
    });
    const id = r.json<{ prospecto: { codigoProspecto: number } }>().prospecto.codigoProspecto;
    // The phone code is not proved yet: the policy evaluation has not run.
    const refused = await review(id, { detalle: '02' });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(texts['servidor.backOffice.sinObservacion']);
  });

  it('takes only "02", a numeric id, and an application that exists', async () => {
    for (const payload of [{ detalle: '00' }, { detalle: 2 }, {}]) {
      const r = await review(123, payload);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(r.json())).toContain('detalle');
    }
    expect((await review('abc', { detalle: '02' })).statusCode).toBe(400);
    expect((await review(123, { detalle: '02' })).statusCode).toBe(404);
  });
});
