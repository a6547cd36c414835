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
    if (request.url === '/kong/prospecto/v2.0/preevaluacion')
      return reply.send({ codRes: '00', prospecto: { codigoProspecto: 4242, estadoProspecto: 25 } });
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
});
