import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENARIO_PROMOTERS } from '../scenarios.ts';
import { md5Hex } from '../../promoters.ts';
import { startTestApp } from '../../test-support.ts';
import { text } from '../../texts.ts';
import { sessionHandlers } from './session.ts';
import { LOGIN_FREE_FAILURES, SCRYPT_CONCURRENCY, SCRYPT_QUEUE } from '../../abuse-limits.ts';

let srv: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  srv = await startTestApp({ TRUST_PROXY: 'true' }, { handlers: sessionHandlers });
}, 180000);
afterAll(async () => {
  await srv.stop();
});

const LOGIN = '/api/private/v1.1/inicioSesion';
const STATUS = '/api/private/v1.1/statusSesion';
const LOGOUT = '/api/private/v1.1/logoutSesion';

const login = (usuario: string, password: string, headers: Record<string, string> = {}) =>
  srv.app.inject({
    method: 'POST',
    url: LOGIN,
    payload: { codigoPlataforma: 1, usuario, passwordMd5: md5Hex(password) },
    headers,
  });

function cookieOf(setCookie: string | string[] | undefined): { header: string; pair: string } {
  const header = (Array.isArray(setCookie) ? setCookie[0] : setCookie) ?? '';
  return { header, pair: header.split(';')[0] ?? '' };
}

describe('promoter login, status and logout', () => {
  it.each(SCENARIO_PROMOTERS.map((p) => [p.usuario, p] as const))(
    '%s logs in with its channel and products, reads its status and logs out',
    async (_u, p) => {
      const r = await login(p.usuario, p.contrasena);
      expect(r.statusCode).toBe(200);
      const body = r.json<Record<string, unknown>>();
      expect(body).toMatchObject({
        codigoRespuesta: 0,
        codigoEntidad: p.codigoEntidad,
        canal: p.canal,
        productos: p.productos.map((ti_solpro) => ({ ti_solpro })),
      });
      for (const k of ['codigoUsuario', 'nombreUsuario', 'nombreUsuarioPersona'])
        expect(typeof body[k]).toBe('string');
      const { header, pair } = cookieOf(r.headers['set-cookie']);
      expect(header).toMatch(/HttpOnly/i);
      expect(header).toMatch(/SameSite=Lax/i);
      expect(header).not.toMatch(/Secure/i);

      const status = await srv.app.inject({ url: STATUS, headers: { cookie: pair } });
      expect(status.json()).toMatchObject({
        codigoRespuesta: 0,
        codigoEntidad: p.codigoEntidad,
        usuario: p.usuario,
        productos: p.productos.map((ti_solpro) => ({ ti_solpro })),
      });

      const out = await srv.app.inject({ method: 'POST', url: LOGOUT, headers: { cookie: pair } });
      expect(out.json()).toMatchObject({ codigoRespuesta: 0 });
      expect(cookieOf(out.headers['set-cookie']).header).toMatch(/sid=;/);
      const after = await srv.app.inject({ url: STATUS, headers: { cookie: pair } });
      expect(after.json<{ codigoRespuesta: number }>().codigoRespuesta).not.toBe(0);
    },
  );

  it('a wrong password or unknown user answers a non-zero code with the text the login page shows', async () => {
    for (const [u, pw] of [
      ['promotor', 'otra'],
      ['nadie', 'Promotor2026'],
    ] as const) {
      const r = await login(u, pw);
      expect(r.json()).toEqual({ codigoRespuesta: 1, detalleRespuesta: text('session.badCredentials') });
      expect(r.headers['set-cookie']).toBeUndefined();
    }
  });

  it('the session cookie is Secure off localhost and host-bound (__Host-) over HTTPS', async () => {
    const lan = await login('aliado', 'Aliado2026', { host: 'credito.example' });
    expect(cookieOf(lan.headers['set-cookie']).header).toMatch(/^sid=.*Secure/i);
    const tls = await login('aliado', 'Aliado2026', {
      host: 'credito.example',
      'x-forwarded-proto': 'https',
    });
    const { header, pair } = cookieOf(tls.headers['set-cookie']);
    expect(header).toMatch(/^__Host-sid=.*; Path=\/; HttpOnly; Secure; SameSite=Lax$/i);
    expect(header).not.toMatch(/Domain=/i);
    const status = await srv.app.inject({
      url: STATUS,
      headers: { cookie: pair, 'x-forwarded-proto': 'https' },
    });
    expect(status.json()).toMatchObject({ codigoRespuesta: 0, usuario: 'aliado' });
  });

  it('a login clears a notice of a closed session the page has not dropped, so it cannot end the new one', async () => {
    const r = await login('aliado', 'Aliado2026', { cookie: 'sid-ended=1' });
    const cookies = [r.headers['set-cookie'] ?? []].flat().map(String);
    expect(cookies[0]).toMatch(/^sid=[^;]/);
    expect(cookies.find((c) => c.startsWith('sid-ended='))).toMatch(/^sid-ended=;.*Expires=Thu, 01 Jan 1970/);
    const plain = await login('aliado', 'Aliado2026');
    expect([plain.headers['set-cookie'] ?? []].flat().map(String).join()).not.toContain('sid-ended');
  });

  it('without a cookie, or with a forged one, there is no session', async () => {
    expect((await srv.app.inject({ url: STATUS })).json()).toEqual({
      codigoRespuesta: 1,
      detalleRespuesta: text('session.noSession'),
    });
    expect(
      (await srv.app.inject({ url: STATUS, headers: { cookie: 'sid=forjado' } })).json<{
        codigoRespuesta: number;
      }>().codigoRespuesta,
    ).toBe(1);
  });

  it('a session idle for more than 8 hours expires; activity keeps it alive', async () => {
    const { pair } = cookieOf((await login('interno', 'Interno2026')).headers['set-cookie']);
    await srv.app.inject({
      method: 'POST',
      url: '/__sandbox/clock',
      payload: { advanceMs: 7 * 3600 * 1000 },
    });
    expect(
      (await srv.app.inject({ url: STATUS, headers: { cookie: pair } })).json<{ codigoRespuesta: number }>()
        .codigoRespuesta,
    ).toBe(0);
    await srv.app.inject({
      method: 'POST',
      url: '/__sandbox/clock',
      payload: { advanceMs: 7 * 3600 * 1000 },
    });
    expect(
      (await srv.app.inject({ url: STATUS, headers: { cookie: pair } })).json<{ codigoRespuesta: number }>()
        .codigoRespuesta,
    ).toBe(0);
    await srv.app.inject({
      method: 'POST',
      url: '/__sandbox/clock',
      payload: { advanceMs: 8 * 3600 * 1000 + 1000 },
    });
    expect(
      (await srv.app.inject({ url: STATUS, headers: { cookie: pair } })).json<{ codigoRespuesta: number }>()
        .codigoRespuesta,
    ).toBe(1);
  });

  it('the password is stored as a slow hash, never as the MD5 the client sent', async () => {
    const { rows } = await srv.db!.query<{ password_hash: string }>(
      "SELECT password_hash FROM promoters WHERE usuario = 'promotor'",
    );
    expect(rows[0]?.password_hash).toMatch(/^scrypt\$32768\$/);
    expect(rows[0]?.password_hash).not.toContain(md5Hex('Promotor2026'));
  });
});

describe('failed-login limit', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const code = (r: { json<T>(): T }) => r.json<{ codigoRespuesta: number; detalleRespuesta: string }>();

  it(`after ${LOGIN_FREE_FAILURES} failures an address waits a growing delay; the account stays open to everyone else`, async () => {
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++)
      expect(code(await login('externo', 'mala', from('10.1.0.1'))).detalleRespuesta).toBe(
        text('session.badCredentials'),
      );
    const waiting = await login('externo', 'Externo2026', from('10.1.0.1'));
    expect(code(waiting)).toEqual({
      codigoRespuesta: 1,
      detalleRespuesta: text('session.wait', { segundos: 1 }),
    });
    expect(waiting.headers['set-cookie']).toBeUndefined();
    // The promoter, from their own connection, is not locked out by a stranger's failures.
    expect(code(await login('externo', 'Externo2026', from('10.1.0.2'))).codigoRespuesta).toBe(0);
    // Once the delay has passed the address may try again; another failure doubles the wait.
    await srv.app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { advanceMs: 1500 } });
    expect(code(await login('externo', 'mala', from('10.1.0.1'))).detalleRespuesta).toBe(
      text('session.badCredentials'),
    );
    expect(code(await login('externo', 'Externo2026', from('10.1.0.1'))).detalleRespuesta).toBe(
      text('session.wait', { segundos: 2 }),
    );
    await srv.app.inject({ method: 'POST', url: '/__sandbox/clock', payload: { advanceMs: 2500 } });
    expect(code(await login('externo', 'Externo2026', from('10.1.0.1'))).codigoRespuesta).toBe(0);
    // A success forgets the failures.
    expect(code(await login('externo', 'mala', from('10.1.0.1'))).detalleRespuesta).toBe(
      text('session.badCredentials'),
    );
  });

  it('concurrent attempts from one address cannot pass the free allowance', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login('taxista', 'mala', from('10.1.0.3'))),
    );
    const checked = answers.filter((r) => code(r).detalleRespuesta === text('session.badCredentials')).length;
    expect(checked).toBeLessThanOrEqual(LOGIN_FREE_FAILURES);
    expect(answers.length - checked).toBeGreaterThanOrEqual(20 - LOGIN_FREE_FAILURES);
  });

  it('a burst of logins from many addresses does not hold a real login for seconds', async () => {
    const burst = Array.from({ length: 40 }, (_, i) => login('interno', 'mala', from(`10.2.${i}.1`)));
    const started = Date.now();
    const real = await login('promotor', 'Promotor2026', from('10.3.0.1'));
    const took = Date.now() - started;
    const answers = await Promise.all(burst);
    // The burst beyond the hashes running and queued is refused at once.
    const busy = answers.filter((r) => code(r).detalleRespuesta === text('session.busy')).length;
    expect(busy).toBeGreaterThanOrEqual(40 - SCRYPT_CONCURRENCY - SCRYPT_QUEUE);
    expect([0, 1]).toContain(code(real).codigoRespuesta);
    expect(took).toBeLessThan(3000);
  });
});

describe("the promoter's desk", () => {
  const post = (url: string, payload: Record<string, unknown>, cookie?: string) =>
    srv.app.inject({ method: 'POST', url, payload, ...(cookie ? { headers: { cookie } } : {}) });
  const PROSPECTS = '/kong/prospecto/v2.0/listar/prospectos';
  const CUSTOMERS = '/kong/prospecto/v2.0/listar/clientes';
  const CHECK = '/api/private/v1.0/validarCliente';

  it('needs a logged-in promoter', async () => {
    for (const url of [PROSPECTS, CUSTOMERS]) expect((await post(url, {})).statusCode).toBe(401);
    expect((await post(CHECK, { documento: '45678912' })).statusCode).toBe(401);
  });

  it('lists every application of the promoter’s entity with who registered it, filtered by document and date', async () => {
    const now = new Date(srv.services!.clock.now());
    // SCENARIOS.md seeds one promoter per entity: a second promoter of entity 1 is added here.
    await srv.db!.query(
      `INSERT INTO promoters (usuario, password_hash, codigo_entidad, codigo_usuario, nombre_usuario, nombre_usuario_persona)
       SELECT 'colega', password_hash, 1, 'PRM0002', 'colega', 'Elena Ríos Paredes' FROM promoters WHERE usuario = 'promotor'`,
    );
    const lde = `INSERT INTO lde_prospects (producto, codigo_producto, tipo_documento, documento, telefono, estado, canal, codigo_entidad, codigo_usuario, terms, nombres, created_at, updated_at)
                 VALUES ('credinstante', 30, 1, $1, '987654321', 0, 5, $2, $3, true, $4, $5, $5)`;
    await srv.db!.query(lde, ['45678912', 1, 'PRM0001', 'Juan', now]);
    await srv.db!.query(lde, ['45678914', 1, 'PRM0002', 'Pedro', now]);
    await srv.db!.query(lde, ['45678913', 2001, 'ALI0001', 'Otra', now]);
    // An applicant on their own (entity 1 by default, no promoter) is nobody's prospect.
    await srv.db!.query(lde, ['45678915', 1, null, 'Sola', now]);
    // A user code of another entity's promoter under entity 1 does not make it entity 1's.
    await srv.db!.query(lde, ['45678916', 1, 'ALI0001', 'Cruzada', now]);
    await srv.db!.query(
      `INSERT INTO vehicle_prospects (family, codigo_producto, documento, estado, data, created_at, updated_at) VALUES ('taxi', 31, '45678912', 25, $1, $2, $2)`,
      [JSON.stringify({ codigoUsuario: 'PRM0001', codigoEntidad: 1, nombres: 'Juan' }), now],
    );
    const { pair } = cookieOf((await login('promotor', 'Promotor2026')).headers['set-cookie']);
    const list = (await post(PROSPECTS, {}, pair)).json<{
      result: {
        js_resdat: {
          documento: string;
          producto: string;
          nombreUsuario: string;
          nombreUsuarioPersona: string;
        }[];
      };
    }>().result.js_resdat;
    expect(list.map((p) => `${p.producto}:${p.documento}:${p.nombreUsuario}`).sort()).toEqual([
      'credinstante:45678912:promotor',
      'credinstante:45678914:colega',
      'taxi:45678912:promotor',
    ]);
    expect(list.find((p) => p.documento === '45678914')?.nombreUsuarioPersona).toBe('Elena Ríos Paredes');

    // The colleague sees the same list; another entity's promoter sees only theirs.
    const colleague = cookieOf((await login('colega', 'Promotor2026')).headers['set-cookie']).pair;
    const theirs = (await post(PROSPECTS, {}, colleague)).json<{
      result: { js_resdat: { documento: string }[] };
    }>();
    expect(theirs.result.js_resdat.map((p) => p.documento).sort()).toEqual([
      '45678912',
      '45678912',
      '45678914',
    ]);
    const other = cookieOf((await login('aliado', 'Aliado2026')).headers['set-cookie']).pair;
    const others = (await post(PROSPECTS, {}, other)).json<{
      result: { js_resdat: { documento: string }[] };
    }>();
    expect(others.result.js_resdat.map((p) => p.documento)).toEqual(['45678913']);

    const today = now.toISOString().slice(0, 10);
    expect(
      (await post(PROSPECTS, { documento: '45678913' }, pair)).json<{ result: { js_resdat: unknown[] } }>()
        .result.js_resdat,
    ).toEqual([]);
    expect(
      (await post(PROSPECTS, { fechaInicio: today, fechaFin: today }, pair)).json<{
        result: { js_resdat: unknown[] };
      }>().result.js_resdat,
    ).toHaveLength(3);
    expect(
      (await post(PROSPECTS, { fechaInicio: '2000-01-01', fechaFin: '2000-01-02' }, pair)).json<{
        result: { js_resdat: unknown[] };
      }>().result.js_resdat,
    ).toEqual([]);
    const customers = (await post(CUSTOMERS, {}, pair)).json<{
      result: { documento: string; solicitudes: number }[];
    }>().result;
    expect(customers.map((c) => [c.documento, c.solicitudes]).sort()).toEqual([
      ['45678912', 2],
      ['45678914', 1],
    ]);

    // The customer check counts only what this promoter registered, and names its latest state's family.
    const own = (await post(CHECK, { documento: '45678914' }, pair)).json<{
      cliente: { solicitudes: number };
    }>();
    expect(own.cliente.solicitudes).toBe(0);
    const mine = (await post(CHECK, { documento: '45678912' }, pair)).json<{
      cliente: { solicitudes: number; producto: string };
    }>();
    expect(mine.cliente).toMatchObject({ solicitudes: 2 });
    expect(['credinstante', 'taxi']).toContain(mine.cliente.producto);
  });

  it('lists the GNV conversion applications its promoters registered, by the route applied on, and no other entity’s', async () => {
    const now = new Date(srv.services!.clock.now());
    const conversion = (documento: string, estado: number, data: Record<string, unknown>) =>
      srv.db!.query(
        `INSERT INTO conversion_prospects (codigo_producto, documento, placa, estado, data, created_at, updated_at)
         VALUES (19, $1, 'ABC-123', $2, $3, $4, $4)`,
        [documento, estado, JSON.stringify(data), now],
      );
    await conversion('47000001', 18, {
      codigoEntidad: 1,
      codigoUsuario: 'PRM0001',
      rutaRetoma: '/autoclass',
    });
    await conversion('47000002', 14, {
      codigoEntidad: 1,
      codigoUsuario: 'PRM0001',
      rutaRetoma: '/campanaconversiones',
    });
    await conversion('47000003', 0, { rutaRetoma: '/conversion' });
    await conversion('47000004', 0, { codigoEntidad: 2001, codigoUsuario: 'ALI0001' });
    // Another entity's user code under entity 1, or entity 1's under another: nobody's.
    await conversion('47000005', 0, { codigoEntidad: 1, codigoUsuario: 'ALI0001' });
    await conversion('47000006', 0, { codigoEntidad: 2001, codigoUsuario: 'PRM0001' });
    const conversions = async (usuario: string, password: string) => {
      const { pair } = cookieOf((await login(usuario, password)).headers['set-cookie']);
      const list = (await post(PROSPECTS, {}, pair)).json<{
        result: { js_resdat: { documento: string; producto: string; estadoProspecto: number }[] };
      }>().result.js_resdat;
      return list
        .filter((p) => p.documento.startsWith('4700'))
        .map((p) => `${p.producto}:${p.documento}:${p.estadoProspecto}`)
        .sort();
    };
    expect(await conversions('promotor', 'Promotor2026')).toEqual([
      'autoclass:47000001:18',
      'campanaconversiones:47000002:14',
    ]);
    expect(await conversions('aliado', 'Aliado2026')).toEqual(['conversion:47000004:0']);
  });

  it('the customer check follows the server-step scenario table', async () => {
    const { pair } = cookieOf((await login('aliado', 'Aliado2026')).headers['set-cookie']);
    const check = async (documento: string) =>
      (await post(CHECK, { documento }, pair)).json<{
        codigoRespuesta: string;
        codigoEstado: number | null;
      }>();
    expect(await check('60000003')).toMatchObject({ codigoRespuesta: '00', codigoEstado: 3 });
    expect(await check('61000002')).toMatchObject({ codigoRespuesta: '01', codigoEstado: 2 });
    expect(await check('69000099')).toMatchObject({ codigoRespuesta: '99' });
    expect(await check('45678999')).toMatchObject({ codigoRespuesta: '00', codigoEstado: 9 });
  });
});
