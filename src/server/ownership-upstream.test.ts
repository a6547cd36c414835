/**
 * Ownership in upstream mode: the same hook runs before the proxy. The ids a creating call's
 * answer hands out are recorded for the browser that made it; a call from another browser
 * naming one reaches the gateway with an id no application has, so the gateway answers it as
 * an unknown one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { startTestApp } from './test-support.ts';
import { testBrowser } from './test-browser.ts';
import { NO_APPLICATION } from './ownership.ts';

let gateway: FastifyInstance;
const seen: { url: string; body: string }[] = [];
let srv: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  gateway = Fastify();
  gateway.removeAllContentTypeParsers();
  gateway.addContentTypeParser('*', { parseAs: 'string' }, (_r, body, done) => done(null, body));
  gateway.all('/*', async (request, reply) => {
    seen.push({ url: request.url, body: typeof request.body === 'string' ? request.body : '' });
    // One application per document: 4242 for 45678912, 4343 for 45678914, 4444 for any other.
    const documento =
      typeof request.body === 'string' ? (/\b456789\d\d\b/.exec(request.body)?.[0] ?? '') : '';
    const codigoProspecto = documento === '45678912' ? 4242 : documento === '45678914' ? 4343 : 4444;
    if (request.url === '/kong/prospecto/v2.0/preevaluacion')
      return reply.send({ codRes: '00', prospecto: { codigoProspecto, estadoProspecto: 25 } });
    // A link the gateway reads: with the kind of application it opens, or (an older gateway) without.
    if (request.url === '/kong/jwtJS/v1.0/validarJWT')
      return reply.send(
        String(request.body).includes('con-clase')
          ? { codRes: '00', data: { codigoProspecto: 5151, documento: '45678916', kind: 'vehicle' } }
          : { codRes: '00', data: { codigoProspecto: 5252, documento: '45678917' } },
      );
    if (request.url === '/kong/prospecto/v2.0/consultar/')
      return reply.send({ codRes: '00', estadoProspecto: 25, prospecto: { codigoProspecto, documento } });
    return reply.send({ codRes: '00' });
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const a = gateway.server.address();
  const url = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  srv = await startTestApp({
    UPSTREAM_URL: url,
    UPSTREAM_BASIC_AUTH: 'portal:s3creta',
    JWT_SECRET: 'k'.repeat(40),
  });
}, 180000);
afterAll(async () => {
  await srv.stop();
  await gateway.close();
});

describe('ownership before the upstream proxy', () => {
  it('lets the browser that opened an application name it, and gives the gateway an unknown id for anyone else', async () => {
    const owner = testBrowser(srv.app);
    const stranger = testBrowser(srv.app);
    const pre = await owner.inject({
      method: 'POST',
      url: '/kong/prospecto/v2.0/preevaluacion',
      payload: { tipoDocumento: 1, documento: '45678912', codigoProducto: 28 },
      headers: { 'content-type': 'application/json' },
    });
    expect(pre.statusCode).toBe(200);
    expect(owner.cookies.size).toBe(1);

    const lookup = {
      method: 'POST' as const,
      url: '/kong/prospecto/v2.0/consultarProspecto',
      payload: { codigoProspecto: 4242, telefono: '987654321' },
      headers: { 'content-type': 'application/json' },
    };
    await owner.inject(lookup);
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ codigoProspecto: 4242, telefono: '987654321' });
    await stranger.inject(lookup);
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ codigoProspecto: NO_APPLICATION, telefono: '987654321' });

    await owner.inject({ method: 'GET', url: '/kong/reporte/cartamoto/2/4242?tipo=aprobacion' });
    expect(seen.at(-1)!.url).toBe('/kong/reporte/cartamoto/2/4242?tipo=aprobacion');
    await stranger.inject({ method: 'GET', url: '/kong/reporte/cartamoto/2/4242?tipo=aprobacion' });
    expect(seen.at(-1)!.url).toBe(`/kong/reporte/cartamoto/2/${NO_APPLICATION}?tipo=aprobacion`);
  });

  it('answers a lookup by DNI as "not found" to a caller who does not hold the application the gateway found', async () => {
    const owner = testBrowser(srv.app);
    await owner.inject({
      method: 'POST',
      url: '/kong/prospecto/v2.0/preevaluacion',
      payload: { tipoDocumento: 1, documento: '45678914', codigoProducto: 28 },
      headers: { 'content-type': 'application/json' },
    });
    const byDni = {
      method: 'POST' as const,
      url: '/kong/prospecto/v2.0/consultar/',
      payload: { documento: '45678914' },
    };
    expect((await owner.inject(byDni)).json()).toMatchObject({
      codRes: '00',
      prospecto: { codigoProspecto: 4343 },
    });
    const answer = (await testBrowser(srv.app).inject(byDni)).json<Record<string, unknown>>();
    expect(answer.codRes).toBe('99');
    expect(JSON.stringify(answer)).not.toContain('4343');
  });

  it("grants a link's application only when the gateway's answer says its kind", async () => {
    const lookup = (codigoProspecto: number) => ({
      method: 'POST' as const,
      url: '/kong/prospecto/v2.0/consultarProspecto',
      payload: { codigoProspecto, telefono: '987654321' },
      headers: { 'content-type': 'application/json' },
    });
    const check = (token: string) => ({
      method: 'POST' as const,
      url: '/kong/jwtJS/v1.0/validarJWT',
      payload: { token },
      headers: { 'content-type': 'application/json' },
    });
    const withKind = testBrowser(srv.app);
    expect((await withKind.inject(check('con-clase'))).json()).toMatchObject({ codRes: '00' });
    await withKind.inject(lookup(5151));
    expect(JSON.parse(seen.at(-1)!.body)).toMatchObject({ codigoProspecto: 5151 });
    const withoutKind = testBrowser(srv.app);
    expect((await withoutKind.inject(check('sin-clase'))).json()).toMatchObject({ codRes: '00' });
    await withoutKind.inject(lookup(5252));
    expect(JSON.parse(seen.at(-1)!.body)).toMatchObject({ codigoProspecto: NO_APPLICATION });
  });

  it('forwards to the gateway only the fields a call with an allow-list may set', async () => {
    const owner = testBrowser(srv.app);
    await owner.inject({
      method: 'POST',
      url: '/kong/prospecto/v2.0/preevaluacion',
      payload: { tipoDocumento: 1, documento: '45678915', codigoProducto: 28 },
      headers: { 'content-type': 'application/json' },
    });
    await owner.inject({
      method: 'POST',
      url: '/kong/prospecto/v2.0/registro/adicional/avalista',
      payload: {
        codigoProspecto: 4444,
        tipoAval: 'GI',
        documentoAval: '45678913',
        estado: 33,
        telefono: '999999999',
      },
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({
      codigoProspecto: 4444,
      tipoAval: 'GI',
      documentoAval: '45678913',
    });
  });
});
