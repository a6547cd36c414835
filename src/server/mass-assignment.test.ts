/**
 * No mass assignment (docs/security.md): through the real server, a body cannot set what the
 * service decides (the state, verified facts), a promoter's entity, nor — on a call with an
 * allow-list — any field outside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './test-support.ts';
import { testBrowser, type TestBrowser } from './test-browser.ts';
import { md5Hex } from './promoters.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRegistry } from './registry.ts';
import { SCHEMAS_DIR } from './app.ts';
import { SERVICE_FACTS } from './service-facts.ts';

type Srv = Awaited<ReturnType<typeof startTestApp>>;
let srv: Srv;
beforeAll(async () => {
  srv = await startTestApp();
}, 60000);
afterAll(async () => {
  await srv.stop();
});

/**
 * Every field only the service sets, planted: the state, the verified facts, the identity
 * questions with answers of the attacker's choosing, contract documents, a SOAT policy, a score.
 */
const FORGED: Record<string, unknown> = {
  ...Object.fromEntries(SERVICE_FACTS.map((k) => [k, 'x'])),
  estado: 33,
  estadoProspecto: 33,
  codigoEstado: '10',
  identidadValidada: true,
  biometriaValidada: true,
  identidad: { preguntas: [], respuestas: { 1: 1, 2: 1, 3: 1 } },
  documentosContrato: [{ tipo: 'contrato', sha256: '0'.repeat(64) }],
  importeMaximo: 999999,
};

async function vehicleData(id: number): Promise<{ estado: number; data: Record<string, unknown> }> {
  const { rows } = await srv.db!.query<{ estado: number; data: Record<string, unknown> }>(
    'SELECT estado, data FROM vehicle_prospects WHERE id = $1',
    [id],
  );
  return rows[0]!;
}

async function preEvaluate(
  b: TestBrowser,
  documento: string,
  extra: Record<string, unknown>,
): Promise<number> {
  const r = await b.inject({
    method: 'POST',
    url: '/kong/prospecto/v2.0/preevaluacion',
    payload: { tipoDocumento: 1, documento, codigoProducto: 28, telefono: '955500071', ...extra },
  });
  expect(r.statusCode).toBe(200);
  return r.json<{ prospecto: { codigoProspecto: number } }>().prospecto.codigoProspecto;
}

describe('a body cannot set what the service decides', () => {
  it('vehicle pre-evaluation and personal data: the state and verified facts sent are not stored', async () => {
    const b = testBrowser(srv.app);
    const id = await preEvaluate(b, '45678971', FORGED);
    await srv.services!.settle();
    const after = await vehicleData(id);
    expect(after.estado).not.toBe(33);
    for (const f of Object.keys(FORGED)) expect(after.data[f], f).toBeUndefined();
    const r = await b.inject({
      method: 'POST',
      url: '/kong/prospecto/v2.0/registroAdicional',
      payload: { codigoProspecto: id, ingresoMensual: 3000, ...FORGED },
    });
    expect(r.statusCode).toBe(200);
    const stored = await vehicleData(id);
    expect(stored.data.ingresoMensual).toBe(3000);
    for (const f of Object.keys(FORGED)) expect(stored.data[f], f).toBeUndefined();
  });

  it('instant credit: a pre-evaluation cannot mark the identity as validated', async () => {
    const b = testBrowser(srv.app);
    const r = await b.inject({
      method: 'POST',
      url: '/v4/prospecto/v2.0/producto/lde',
      payload: {
        tipoDocumento: 1,
        documento: '45678972',
        fechaNacimiento: '1990-05-10',
        placa: 'ABC-123',
        recorridoxDia: 3,
        telefono: '987654321',
        email: 'cliente@example.pe',
        terms: '1',
        ...FORGED,
      },
    });
    expect(r.statusCode).toBe(200);
    const id = r.json<{ prospecto: { codigoProspecto: number } }>().prospecto.codigoProspecto;
    const { rows } = await srv.db!.query<{ datos: Record<string, unknown> }>(
      'SELECT datos FROM lde_prospects WHERE id = $1',
      [id],
    );
    for (const f of Object.keys(FORGED)) expect(rows[0]!.datos[f], f).toBeUndefined();
  });
});

describe('promoters and entities', () => {
  it('an anonymous body cannot name a promoter; a promoter’s body is put on the promoter’s own entity', async () => {
    const anonymous = testBrowser(srv.app);
    const a = await preEvaluate(anonymous, '45678973', {
      codigoUsuario: 'PRM0001',
      nombreUsuario: 'promotor',
    });
    expect((await vehicleData(a)).data.codigoUsuario).toBeUndefined();
    const promoter = testBrowser(srv.app);
    const login = await promoter.inject({
      method: 'POST',
      url: '/api/private/v1.1/inicioSesion',
      payload: { codigoPlataforma: 1, usuario: 'promotor', passwordMd5: md5Hex('Promotor2026') },
    });
    expect(login.statusCode).toBe(200);
    const p = await preEvaluate(promoter, '45678974', { codigoEntidad: 2001, codigoUsuario: 'ALI0001' });
    expect((await vehicleData(p)).data).toMatchObject({ codigoEntidad: 1, codigoUsuario: 'PRM0001' });
  });
});

describe('a call with an allow-list keeps only its fields', () => {
  it('consumer guarantor: fields outside the list are not stored', async () => {
    const b = testBrowser(srv.app);
    const id = await preEvaluate(b, '45678975', {});
    const r = await b.inject({
      method: 'POST',
      url: '/kong/prospecto/v2.0/registro/adicional/avalista',
      payload: {
        codigoProspecto: id,
        tipoAval: 'GI',
        documentoAval: '45678976',
        nombresAval: 'Ana Ruiz',
        telefono: '999999999',
        esTitular: true,
        ...FORGED,
      },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ codRes: '00' });
    const { data } = await vehicleData(id);
    expect(data.aval).toEqual({
      codigoProspecto: id,
      tipoAval: 'GI',
      documentoAval: '45678976',
      nombresAval: 'Ana Ruiz',
    });
  });
});

describe('the allow-lists of the registry', () => {
  it('list every field the request schema documents (a documented field is never dropped)', () => {
    const missing: string[] = [];
    for (const e of loadRegistry()) {
      if (e.fields === undefined || e.request === null) continue;
      const schema = JSON.parse(readFileSync(join(SCHEMAS_DIR, e.request), 'utf8')) as {
        properties?: Record<string, unknown>;
      };
      for (const p of Object.keys(schema.properties ?? {}))
        if (!e.fields.includes(p)) missing.push(`${e.id}: ${p}`);
    }
    expect(missing).toEqual([]);
    expect(loadRegistry().filter((e) => e.fields !== undefined).length).toBeGreaterThan(0);
  });
});
