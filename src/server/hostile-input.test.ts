/**
 * The input guard names the field at fault: NUL and lone surrogates in strings, keys and query
 * values, numbers beyond ±(2^53 − 1), nesting past 32 levels, all refused with 400 in Spanish
 * before a handler or the database sees them; the same request without the fault passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './test-support.ts';
import { inputProblem, jsonDepthExceeds, MAX_DEPTH } from './hostile-input.ts';

let srv: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  srv = await startTestApp();
}, 180000);
afterAll(async () => {
  await srv.stop();
});

const PRE = '/v4/prospecto/v2.0/producto/lde';
const body = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    tipoDocumento: 1,
    documento: '43215678',
    fechaNacimiento: '1990-05-10',
    placa: 'ABC-123',
    recorridoxDia: 3,
    telefono: '987654321',
    email: 'cliente@example.pe',
    terms: '1',
    codigoProducto: 30,
    ...over,
  });

async function post(payload: string, headers: Record<string, string> = {}) {
  const r = await srv.app.inject({
    method: 'POST',
    url: PRE,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return {
    status: r.statusCode,
    json: r.json<{ detalleRespuesta: string; errores?: { campo: string; mensaje: string }[] }>(),
    csp: r.headers['content-security-policy'],
  };
}

describe('hostile input', () => {
  it('a clean request passes', async () => {
    expect((await post(body())).status).toBe(200);
  });

  it.each([
    ['NUL in a string', body({ email: 'a\u0000@b.pe' }), 'body.email', /carácter nulo/],
    ['lone high surrogate', body({ email: 'a\ud800@b.pe' }), 'body.email', /sustituto UTF-16 suelto/],
    ['lone low surrogate in a nested value', body({ utm_source: 'x\udc00' }), 'body.utm_source', /sustituto/],
    ['number 1e308', body({ recorridoxDia: 1e308 }), 'body.recorridoxDia', /fuera del rango/],
    ['number 2^53', body({ recorridoxDia: 2 ** 53 }), 'body.recorridoxDia', /fuera del rango/],
    ['NUL in a key', body({ 'a\u0000': 1 }), 'body', /carácter nulo/],
  ])(
    '%s: 400 naming the field, in Spanish, with the security headers',
    async (_label, payload, campo, mensaje) => {
      const r = await post(payload);
      expect(r.status).toBe(400);
      expect(r.csp).toBeDefined();
      expect(r.json.detalleRespuesta).toBe('Parámetros inválidos');
      expect(r.json.errores?.[0]?.campo).toBe(campo);
      expect(r.json.errores?.[0]?.mensaje).toMatch(mensaje);
    },
  );

  it('JSON nested past the limit is refused before parsing, with an Idempotency-Key too', async () => {
    const deep = `{"a":${'['.repeat(50000)}${']'.repeat(50000)}}`;
    const r = await post(deep, { 'idempotency-key': 'deep-1' });
    expect(r.status).toBe(400);
    expect(r.json.errores?.[0]?.mensaje).toMatch(/niveles de anidación/);
  });

  it('NUL in a query value or a path parameter: 400 naming it', async () => {
    const q = await srv.app.inject({ url: '/kong/vehiculos/info-modelo/?marca=12%00' });
    expect(q.statusCode).toBe(400);
    expect(q.json<{ errores: { campo: string }[] }>().errores[0]?.campo).toBe('marca');
  });

  it('a malformed % escape in the path: 400 in Spanish with the security headers', async () => {
    const r = await srv.app.inject({ url: '/v4/prospecto/v2.0/users/lde/12%zz' });
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-security-policy']).toBeDefined();
    expect(r.json<{ errores: { mensaje: string }[] }>().errores[0]?.mensaje).toMatch(/escape % mal formada/);
  });

  it('counts depth outside strings only', () => {
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(100)}"}`)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(MAX_DEPTH) + ']'.repeat(MAX_DEPTH))).toBe(false);
    expect(jsonDepthExceeds('['.repeat(MAX_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(`{"a\\"[[[[":${'['.repeat(MAX_DEPTH - 1)}}`)).toBe(false);
    expect(inputProblem({ a: [{ b: 'ok' }, { c: '\ud83d\ude00' }] }, 'body')).toBeNull();
  });
});
