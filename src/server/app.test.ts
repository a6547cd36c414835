import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { io as connect } from 'socket.io-client';
import type { EndpointDef } from '../engine/endpoint-types.ts';
import { BadInput, type HandlerMap } from './sandbox/types.ts';
import { sessionHandlers } from './sandbox/handlers/session.ts';
import { loadRegistry } from './registry.ts';
import { SCHEMAS_DIR } from './app.ts';
import { FIXTURE_ASSET, FIXTURE_INDEX, startTestApp, tempDir } from './test-support.ts';
import { text } from './texts.ts';

const entry = (
  id: string,
  method: EndpointDef['method'],
  path: string,
  extra: Partial<EndpointDef> = {},
): EndpointDef => ({
  id,
  method,
  path,
  timeoutMs: 2000,
  codeField: 'codigoRespuesta',
  codes: ['00'],
  creates: false,
  request: method === 'GET' ? null : `${id}.request.json`,
  response: `${id}.response.json`,
  summary: id,
  family: 'lde',
  ...extra,
});

/** Calls made only for this suite, beside the real session calls. */
const TEST_ENDPOINTS: EndpointDef[] = [
  entry('test.create', 'POST', '/api/test/solicitudes', { creates: true }),
  entry('test.upload', 'POST', '/api/test/upload'),
  entry('test.byType', 'GET', '/api/test/catalogo', { fixedQuery: { tipo: '2' } }),
  entry('test.byTypeOne', 'GET', '/api/test/catalogo', { fixedQuery: { tipo: '1' } }),
  entry('test.item', 'GET', '/api/test/items/{id}'),
  entry('test.crash', 'GET', '/api/test/falla'),
  entry('test.mistake', 'GET', '/api/test/error-cliente'),
  entry('test.unhandled', 'GET', '/api/test/sin-manejador'),
  entry('test.badShape', 'GET', '/api/test/forma'),
];

const CREATE_SCHEMA = {
  type: 'object',
  required: ['documento', 'monto'],
  properties: { documento: { type: 'string', pattern: '^\\d{8}$' }, monto: { type: 'number', minimum: 1 } },
};

let created = 0;
const handlers: HandlerMap = {
  ...sessionHandlers,
  'test.create': async (req) => {
    created++;
    await new Promise((r) => setTimeout(r, 150));
    return { status: 201, body: { codigoRespuesta: '00', numero: created, documento: req.body.documento } };
  },
  'test.upload': (req) => Promise.resolve({ body: { bytes: String(req.body.imagen).length } }),
  'test.byType': () => Promise.resolve({ body: { tipo: 2 } }),
  'test.byTypeOne': () => Promise.resolve({ body: { tipo: 1 } }),
  'test.item': (req) => Promise.resolve({ body: { id: req.params.id } }),
  'test.crash': () => Promise.reject(new Error('DNI 12345678 rompió algo')),
  'test.mistake': () => Promise.reject(new BadInput([{ path: 'documento', message: 'no existe' }])),
  // Its schema wants codigoRespuesta as text.
  'test.badShape': () => Promise.resolve({ body: { codigoRespuesta: 0 } }),
};

let srv: Awaited<ReturnType<typeof startTestApp>>;
const schemaDir = tempDir('schemas');

beforeAll(async () => {
  const schemas = schemaDir.dir;
  cpSync(SCHEMAS_DIR, schemas, { recursive: true });
  writeFileSync(join(schemas, 'test.create.request.json'), JSON.stringify(CREATE_SCHEMA));
  writeFileSync(
    join(schemas, 'test.badShape.response.json'),
    JSON.stringify({
      type: 'object',
      required: ['codigoRespuesta'],
      properties: { codigoRespuesta: { type: 'string' } },
    }),
  );
  writeFileSync(
    join(schemas, 'test.upload.request.json'),
    JSON.stringify({ type: 'object', properties: { imagen: { type: 'string', contentEncoding: 'base64' } } }),
  );
  const session = loadRegistry().filter((e) => e.family === 'session');
  srv = await startTestApp(
    { TRUST_PROXY: 'true' },
    { endpoints: [...session, ...TEST_ENDPOINTS], handlers, schemasDir: schemas },
  );
}, 180000);
afterAll(async () => {
  await srv.stop();
  schemaDir.cleanup();
});

describe('security headers', () => {
  it('every answer carries a CSP without eval and with object-src, base-uri and frame-ancestors locked', async () => {
    for (const url of ['/', '/api/nada', '/assets/app-abc123.js', '/api/test/falla']) {
      const r = await srv.app.inject({ url });
      const csp = r.headers['content-security-policy'] as string;
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(r.headers['referrer-policy']).toBe('no-referrer');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['permissions-policy']).toContain('camera=(self)');
    }
  });

  it('sends HSTS only when the request arrived over HTTPS', async () => {
    const plain = await srv.app.inject({ url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const behindTls = await srv.app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(behindTls.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('built site', () => {
  it('serves hashed assets brotli or gzip by Accept-Encoding, cached for a year as immutable', async () => {
    const br = await srv.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(FIXTURE_ASSET);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    const gz = await srv.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(FIXTURE_ASSET);
    const plain = await srv.app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FIXTURE_ASSET);
  });

  it('HTML is revalidated on every visit', async () => {
    const r = await srv.app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(r.rawPayload).toString()).toBe(FIXTURE_INDEX);
  });

  it('a route of the site, and the sub-paths its route declares, open the single-page app', async () => {
    for (const url of [
      '/credinstante',
      '/credinstante/observados/abc.def',
      '/estado-prospectos/prospect/123',
      '/moto',
      '/LD-Bancarizador?utm_source=x',
    ]) {
      const r = await srv.app.inject({ url });
      expect(r.statusCode, url).toBe(200);
      expect(r.body).toBe(FIXTURE_INDEX);
      expect(r.headers['cache-control']).toBe('no-cache');
    }
  });

  it('an unknown page is a 404 that still opens the app (its not-found page) for a browser', async () => {
    const r = await srv.app.inject({
      url: '/no-existe',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(r.statusCode).toBe(404);
    expect(r.body).toBe(FIXTURE_INDEX);
  });

  it('unknown API paths answer a JSON 404, even for a browser', async () => {
    for (const url of ['/api/no-existe', '/kong/nada/aqui', '/v4/x', '/__sandbox/nada']) {
      const r = await srv.app.inject({ url, headers: { accept: 'text/html' } });
      expect(r.statusCode, url).toBe(404);
      expect(r.json()).toEqual({ codigoRespuesta: '99', detalleRespuesta: text('error.notFound') });
    }
    const asset = await srv.app.inject({ url: '/assets/nope-123.js' });
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).toContain('application/json');
  });
});

describe('API routing and bad input', () => {
  const login = (
    payload: unknown,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) =>
    srv.app.inject({
      method: 'POST',
      url: '/api/private/v1.1/inicioSesion',
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      headers,
    });

  it('a client mistake answers 400 "Parámetros inválidos" with the fields at fault, never a 500', async () => {
    const cases: [unknown, Record<string, string> | undefined, string][] = [
      ['{"usuario": ', undefined, 'body'],
      [{ codigoPlataforma: 1, usuario: 'promotor' }, undefined, 'passwordMd5'],
      [{ codigoPlataforma: 1, usuario: 42, passwordMd5: 'a'.repeat(32) }, undefined, 'usuario'],
      [[1, 2, 3], undefined, 'body'],
      ['null', undefined, 'body'],
      ['usuario=promotor', { 'content-type': 'application/x-www-form-urlencoded' }, 'body'],
      ['hola', { 'content-type': 'text/plain' }, 'body'],
      ['', { 'content-type': 'application/json' }, 'body'],
    ];
    for (const [payload, headers, campo] of cases) {
      const r = await login(payload, headers);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      const b = r.json<{
        codigoRespuesta: string;
        detalleRespuesta: string;
        errores: { campo: string; mensaje: string }[];
      }>();
      expect(b.detalleRespuesta).toBe(text('error.badRequest'));
      expect(b.errores.map((e) => e.campo)).toContain(campo);
      expect(b.errores.every((e) => e.mensaje.length > 0)).toBe(true);
    }
  });

  it('a body over 100 KB answers 413; an upload call takes up to 12 MB', async () => {
    const big = await login({
      codigoPlataforma: 1,
      usuario: 'x'.repeat(200 * 1024),
      passwordMd5: 'a'.repeat(32),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json<{ detalleRespuesta: string }>().detalleRespuesta).toBe(text('error.payloadTooLarge'));
    const image = 'A'.repeat(3 * 1024 * 1024);
    const ok = await srv.app.inject({ method: 'POST', url: '/api/test/upload', payload: { imagen: image } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ bytes: image.length });
    const huge = await srv.app.inject({
      method: 'POST',
      url: '/api/test/upload',
      payload: { imagen: 'A'.repeat(13 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
  });

  it('a handler that finds a client mistake answers 400 with its fields', async () => {
    const r = await srv.app.inject({ url: '/api/test/error-cliente' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      codigoRespuesta: '99',
      detalleRespuesta: text('error.badRequest'),
      errores: [{ campo: 'documento', mensaje: 'no existe' }],
    });
  });

  it('an unexpected failure answers 500 with a generic text that leaks nothing', async () => {
    const r = await srv.app.inject({ url: '/api/test/falla' });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ codigoRespuesta: '99', detalleRespuesta: text('error.serverError') });
    expect(r.body).not.toContain('12345678');
  });

  it('a call without a handler answers 501 naming the call', async () => {
    const r = await srv.app.inject({ url: '/api/test/sin-manejador' });
    expect(r.statusCode).toBe(501);
    expect(r.json()).toMatchObject({
      endpoint: 'test.unhandled',
      detalleRespuesta: text('error.notImplemented'),
    });
  });

  it('with SANDBOX_CHECK_ANSWERS (as in every test), an answer that breaks its response schema fails instead of reaching the page', async () => {
    const r = await srv.app.inject({ url: '/api/test/forma' });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ codigoRespuesta: '99', detalleRespuesta: text('error.serverError') });
  });

  it('fixed query parameters pick the call; path placeholders reach the handler', async () => {
    expect((await srv.app.inject({ url: '/api/test/catalogo?tipo=1' })).json()).toEqual({ tipo: 1 });
    expect((await srv.app.inject({ url: '/api/test/catalogo?tipo=2&x=y' })).json()).toEqual({ tipo: 2 });
    expect((await srv.app.inject({ url: '/api/test/catalogo?tipo=9' })).statusCode).toBe(400);
    expect((await srv.app.inject({ url: '/api/test/items/A-77' })).json()).toEqual({ id: 'A-77' });
  });
});

describe('idempotency', () => {
  const create = (key: string, body: unknown) =>
    srv.app.inject({
      method: 'POST',
      url: '/api/test/solicitudes',
      payload: body as Record<string, unknown>,
      headers: { 'idempotency-key': key },
    });

  it('a retry with the same key and request replays the first answer without running the call again', async () => {
    const before = created;
    const first = await create('clave-1', { documento: '45678912', monto: 3000 });
    expect(first.statusCode).toBe(201);
    const again = await create('clave-1', { monto: 3000, documento: '45678912' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(created).toBe(before + 1);
  });

  it('the same key with other parameters is refused with 409', async () => {
    await create('clave-2', { documento: '45678912', monto: 3000 });
    const other = await create('clave-2', { documento: '45678912', monto: 9000 });
    expect(other.statusCode).toBe(409);
    expect(other.json<{ detalleRespuesta: string }>().detalleRespuesta).toBe(
      text('error.idempotencyConflict'),
    );
  });

  it('concurrent duplicates wait for the first and get its answer', async () => {
    const before = created;
    const answers = await Promise.all(
      [1, 2, 3].map(() => create('clave-3', { documento: '11112222', monto: 10 })),
    );
    expect(created).toBe(before + 1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replay'] === 'true')).toHaveLength(2);
  });

  it('without a key every call runs; a failed first call frees its key', async () => {
    const before = created;
    await srv.app.inject({
      method: 'POST',
      url: '/api/test/solicitudes',
      payload: { documento: '45678912', monto: 5 },
    });
    await srv.app.inject({
      method: 'POST',
      url: '/api/test/solicitudes',
      payload: { documento: '45678912', monto: 5 },
    });
    expect(created).toBe(before + 2);
    const bad = await create('clave-4', { documento: 'x', monto: 5 });
    expect(bad.statusCode).toBe(400);
    const good = await create('clave-4', { documento: '45678912', monto: 5 });
    expect(good.statusCode).toBe(201);
  });
});

describe('sandbox helpers', () => {
  it('serves the scenario table', async () => {
    const r = await srv.app.inject({ url: '/__sandbox/scenarios' });
    expect(r.statusCode).toBe(200);
    expect(r.json<{ promoters: unknown[] }>().promoters).toHaveLength(5);
  });

  it('the outbox lists a number’s SMS newest first, with token and link when present', async () => {
    const svc = srv.services!;
    await svc.sms.send({ celular: '987654321', texto: 'Tu código es 123456', token: '123456' });
    await svc.sms.send({ celular: '912345678', texto: 'otro' });
    await svc.sms.send({ celular: '987654321', texto: 'Continúa aquí', enlace: 'http://localhost/x' });
    const r = await srv.app.inject({ url: '/__sandbox/outbox?celular=987654321' });
    const rows =
      r.json<{ celular: string; texto: string; token?: string; enlace?: string; enviadoEn: string }[]>();
    expect(rows.map((m) => m.texto)).toEqual(['Continúa aquí', 'Tu código es 123456']);
    expect(rows[1]).toMatchObject({ celular: '987654321', token: '123456' });
    expect(rows[0]?.enlace).toBe('http://localhost/x');
    expect(Number.isNaN(Date.parse(rows[0]!.enviadoEn))).toBe(false);
    expect((await srv.app.inject({ url: '/__sandbox/outbox?celular=abc' })).statusCode).toBe(400);
  });

  it('reveals the right answers to a person’s security questions, and refuses a malformed document', async () => {
    const r = await srv.app.inject({ url: '/__sandbox/identity/45678912' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ documento: '45678912' });
    expect((await srv.app.inject({ url: '/__sandbox/identity/12%27x' })).statusCode).toBe(400);
  });

  it('the clock moves forward on request, persists, and refuses nonsense', async () => {
    const before = srv.services!.clock.now();
    const r = await srv.app.inject({
      method: 'POST',
      url: '/__sandbox/clock',
      payload: { advanceMs: 24 * 3600 * 1000 },
    });
    expect(r.statusCode).toBe(200);
    const { ahoraMs } = r.json<{ ahoraMs: number }>();
    expect(ahoraMs - before).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(srv.services!.clock.now()).toBeGreaterThanOrEqual(ahoraMs);
    const stored = await srv.db!.query<{ offset_ms: number }>('SELECT offset_ms FROM sandbox_clock');
    expect(Number(stored.rows[0]?.offset_ms)).toBe(24 * 3600 * 1000);
    for (const payload of [{ advanceMs: -1 }, { advanceMs: '5' }, { advanceMs: 1.5 }, {}]) {
      expect((await srv.app.inject({ method: 'POST', url: '/__sandbox/clock', payload })).statusCode).toBe(
        400,
      );
    }
  });

  it('reset empties the data, restores the seed and real time', async () => {
    await srv.services!.sms.send({ celular: '955555555', texto: 'antes del reinicio' });
    const r = await srv.app.inject({ method: 'POST', url: '/__sandbox/reset' });
    expect(r.statusCode).toBe(200);
    expect((await srv.app.inject({ url: '/__sandbox/outbox?celular=955555555' })).json()).toEqual([]);
    expect(srv.services!.clock.offsetMs).toBe(0);
    const { rows } = await srv.db!.query<{ n: number }>('SELECT count(*)::int AS n FROM promoters');
    expect(rows[0]?.n).toBe(5);
  });
});

describe('sockets', () => {
  it('a result emitted before the client joins is delivered on join, and later results live', async () => {
    await srv.app.listen({ port: 0, host: '127.0.0.1' });
    const address = srv.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    srv.services!.sockets.emit('/credinstante', 'P-100', 'resultado', { resultado: 1 });
    await srv.sockets!.flush();
    const client = connect(`http://127.0.0.1:${port}/credinstante`, {
      transports: ['websocket'],
      forceNew: true,
    });
    try {
      const got: unknown[] = [];
      client.on('resultado', (p: unknown) => got.push(p));
      await new Promise<void>((resolve) => client.emit('join', 'P-100', () => resolve()));
      await new Promise((r) => setTimeout(r, 100));
      expect(got).toEqual([{ resultado: 1 }]);
      srv.services!.sockets.emit('/credinstante', 'P-100', 'resultado', { resultado: 3 });
      srv.services!.sockets.emit('/credinstante', 'P-200', 'resultado', { resultado: 0 });
      srv.services!.sockets.emit('/celulares', 'P-100', 'resultado', { resultado: -1 });
      await srv.sockets!.flush();
      await new Promise((r) => setTimeout(r, 200));
      expect(got).toEqual([{ resultado: 1 }, { resultado: 3 }]);
    } finally {
      client.close();
    }
  });
});
