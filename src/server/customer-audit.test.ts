/**
 * The audit trail of an existing customer's application, through the server: the offer it was
 * opened with, each call that changed it, and who acted (the holder's browser session or a
 * promoter of an entity); a stranger's call, refused by ownership, leaves no trace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './test-support.ts';
import { testBrowser, type TestBrowser } from './test-browser.ts';
import { md5Hex } from './promoters.ts';
import { identityAnswers } from './sandbox/handlers/lde.ts';
import { offerEvents } from './domain/customers/audit.ts';

let srv: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  srv = await startTestApp();
}, 60000);
afterAll(async () => {
  await srv.stop();
});

const open = async (b: TestBrowser, codigoProducto: number, documento: string) => {
  const r = await b.inject({
    method: 'POST',
    url: '/kong/prospecto/v1.0/producto/retanqueo/ov',
    payload: {
      codigoProducto,
      tipoDocumento: 1,
      documento,
      placa: 'ABC-123',
      telefono: '987111444',
      channel: 6,
    },
  });
  expect(r.json<{ codRes: string }>().codRes).toBe('00');
  return r.json<{ prospecto: { codigoProspecto: number } }>().prospecto.codigoProspecto;
};

const passIdentity = async (b: TestBrowser, id: number, documento: string) => {
  await b.inject({ method: 'GET', url: `/kong/prospecto/v1.0/producto/preguntas/${id}` });
  const right = (await identityAnswers(documento, srv.services!)) as {
    respuestas: { idPregunta: number; idRespuesta: number }[];
  };
  return b.inject({
    method: 'POST',
    url: '/kong/prospecto/v1.0/cliente/preguntas',
    payload: {
      codigoProspecto: id,
      respuestas: right.respuestas.map((a) => ({
        codigoPregunta: a.idPregunta,
        codigoRespuesta: a.idRespuesta,
      })),
    },
  });
};

describe('the audit trail of an existing customer application', () => {
  it('records the offer a holder opened, with their session, and what each of their calls changed', async () => {
    const holder = testBrowser(srv.app);
    const id = await open(holder, 14, '45678961');
    const [opened] = await offerEvents(srv.db!, id);
    expect(opened).toMatchObject({
      actor: 'titular',
      evento: 'oferta',
      detalle: { producto: 'renovacion', estado: { a: 4 } },
    });
    expect(opened!.sesion).toMatch(/\S{16,}/);
    expect(opened!.detalle.montoMaximo).toBeGreaterThan(0);

    // A stranger naming the application is refused before the handler: nothing is recorded.
    const stranger = testBrowser(srv.app);
    await passIdentity(stranger, id, '45678961');
    expect(await offerEvents(srv.db!, id)).toHaveLength(1);

    expect((await passIdentity(holder, id, '45678961')).json<{ codRes: string }>().codRes).toBe('00');
    const events = await offerEvents(srv.db!, id);
    expect(events.length).toBeGreaterThan(1);
    expect(events.slice(1)).toContainEqual(
      expect.objectContaining({
        actor: 'titular',
        sesion: opened!.sesion,
        evento: 'customers.identityAnswers',
      }),
    );
    for (const e of events) expect(Date.parse(e.at)).not.toBeNaN();
  });

  it('names the promoter (entity and user) who opened a contigo application', async () => {
    const promoter = testBrowser(srv.app);
    const login = await promoter.inject({
      method: 'POST',
      url: '/api/private/v1.1/inicioSesion',
      payload: { codigoPlataforma: 1, usuario: 'promotor', passwordMd5: md5Hex('Promotor2026') },
    });
    expect(login.statusCode).toBe(200);
    const id = await open(promoter, 30, '45678962');
    const trail = await offerEvents(srv.db!, id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      actor: 'promotor',
      codigoEntidad: 1,
      sesion: null,
      evento: 'oferta',
      detalle: { producto: 'contigo' },
    });
    expect(trail[0]!.codigoUsuario).toMatch(/\S/);
  });
});
