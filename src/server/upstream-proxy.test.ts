import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../engine/endpoints.ts';
import { startTestApp } from './test-support.ts';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  captcha?: string | string[];
  body: string;
}

let gateway: FastifyInstance;
let gatewayUrl = '';
const seen: Seen[] = [];
let srv: Awaited<ReturnType<typeof startTestApp>>;

beforeAll(async () => {
  gateway = Fastify();
  gateway.removeAllContentTypeParsers();
  gateway.addContentTypeParser('*', { parseAs: 'string' }, (_r, body, done) => done(null, body));
  gateway.all('/*', async (request, reply) => {
    seen.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      ...(request.headers['x-captcha-token'] ? { captcha: request.headers['x-captcha-token'] } : {}),
      body: typeof request.body === 'string' ? request.body : '',
    });
    if (request.url.startsWith('/api/private/v1.1/statusSesion')) {
      await new Promise((r) => setTimeout(r, 400));
    }
    return reply
      .code(202)
      .header('set-cookie', 'upstream=1; Path=/; HttpOnly')
      .send({ codigoRespuesta: '00', desde: 'pasarela' });
  });
  await gateway.listen({ port: 0, host: '127.0.0.1' });
  const a = gateway.server.address();
  gatewayUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
  const status = ENDPOINTS['session.status'];
  srv = await startTestApp(
    { UPSTREAM_URL: gatewayUrl, UPSTREAM_BASIC_AUTH: 'portal:s3creta', JWT_SECRET: 'k'.repeat(40) },
    // A short timeout on one call shows the per-call limit.
    {
      endpoints: [
        ...Object.values(ENDPOINTS).filter((e) => e.id !== 'session.status'),
        { ...status, timeoutMs: 150 },
      ],
    },
  );
}, 180000);
afterAll(async () => {
  await srv.stop();
  await gateway.close();
});

describe('upstream mode', () => {
  it('forwards method, path, query, body and content type, adding the gateway credential server-side', async () => {
    const body = '{"codigoPlataforma":1,"usuario":"promotor","passwordMd5":"x"}';
    const r = await srv.app.inject({
      method: 'POST',
      url: '/api/private/v1.1/inicioSesion?origen=web',
      payload: body,
      headers: { 'content-type': 'application/json', authorization: 'Bearer del-navegador' },
    });
    expect(r.statusCode).toBe(202);
    expect(r.json()).toEqual({ codigoRespuesta: '00', desde: 'pasarela' });
    expect(String(r.headers['set-cookie'])).toContain('upstream=1');
    const last = seen.at(-1)!;
    expect(last).toEqual({
      method: 'POST',
      url: '/api/private/v1.1/inicioSesion?origen=web',
      authorization: `Basic ${Buffer.from('portal:s3creta').toString('base64')}`,
      contentType: 'application/json',
      body,
    });
    // The credential never travels back to the browser.
    expect(JSON.stringify(r.headers)).not.toContain(Buffer.from('portal:s3creta').toString('base64'));
  });

  it('passes the captcha token of a creating call on to the gateway, which verifies it', async () => {
    const r = await srv.app.inject({
      method: 'POST',
      url: '/api/private/v1.1/inicioSesion',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'x-captcha-token': 'token-v3' },
    });
    expect(r.statusCode).toBe(202);
    expect(seen.at(-1)).toMatchObject({ captcha: 'token-v3' });
  });

  it('passes bodies through untouched, even ones the sandbox would refuse', async () => {
    const r = await srv.app.inject({
      method: 'POST',
      url: '/api/private/v1.1/inicioSesion',
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.statusCode).toBe(202);
    expect(seen.at(-1)?.body).toBe('a=1');
  });

  it('the confirmation call forwards only the fields of the confirmation form: an extra field is dropped', async () => {
    const r = await srv.app.inject({
      method: 'PUT',
      url: '/kong/prospecto/v2.0/producto/lde?tipo=2',
      payload: {
        codigoProspecto: 12,
        direccion: 'Av. Arequipa 123',
        email: 'ana@example.pe',
        ubigeo: '150101',
        tipoCuenta: '1',
        montoAprobado: 99999,
        nombres: 'Otra Persona',
      },
    });
    expect(r.statusCode).toBe(202);
    const sent = JSON.parse(seen.at(-1)!.body) as Record<string, unknown>;
    expect(sent).toMatchObject({
      direccion: 'Av. Arequipa 123',
      email: 'ana@example.pe',
      ubigeo: '150101',
      tipoCuenta: '1',
    });
    expect(sent).not.toHaveProperty('montoAprobado');
    expect(sent).not.toHaveProperty('nombres');
  });

  it('a gateway slower than the call timeout answers 504 with the connection message', async () => {
    const r = await srv.app.inject({ url: '/api/private/v1.1/statusSesion' });
    expect(r.statusCode).toBe(504);
    expect(r.json<{ codigoRespuesta: string }>().codigoRespuesta).toBe('99');
  });

  it('sandbox helpers do not exist upstream', async () => {
    for (const [method, url] of [
      ['GET', '/__sandbox/scenarios'],
      ['GET', '/__sandbox/outbox?celular=987654321'],
      ['POST', '/__sandbox/reset'],
      ['POST', '/__sandbox/clock'],
      ['POST', '/__sandbox/prospects/900000001/state'],
      ['POST', '/__sandbox/prospects/100000001/observation'],
    ] as const) {
      const before = seen.length;
      const r = await srv.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(r.statusCode, url).toBe(404);
      expect(seen.length).toBe(before);
    }
  });

  it('unknown API paths are not forwarded', async () => {
    const before = seen.length;
    expect((await srv.app.inject({ url: '/api/no/existe' })).statusCode).toBe(404);
    expect(seen.length).toBe(before);
  });
});
