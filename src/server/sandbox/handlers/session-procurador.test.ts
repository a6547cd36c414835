/**
 * The procurador user-name lookup as a caller meets it: the answers match the call's response
 * schema, only the promoter's own entity is searched, and every seeded promoter names a
 * procurador the lookup finds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../engine/endpoints.ts';
import { SEEDED_PROCURADORES, SEEDED_PROMOTERS, md5Hex } from '../../promoters.ts';
import { startTestApp } from '../../test-support.ts';
import { text } from '../../texts.ts';
import { sessionHandlers } from './session.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
const API_DIR = fileURLToPath(new URL('../../../../schemas/api/', import.meta.url));
const ajv = new Ajv({ allErrors: true, strictTypes: false });
addFormats(ajv);
for (const file of readdirSync(API_DIR).filter((f) => f.endsWith('.json')))
  ajv.addSchema(JSON.parse(readFileSync(API_DIR + file, 'utf8')) as object, file);

const ENTRY = ENDPOINTS['session.procurador'];
const answerSchema = ajv.getSchema(ENTRY.response)!;
/** Fails with ajv's own words, so a broken answer says which field is off. */
function expectValidAnswer(body: unknown, schema = answerSchema): void {
  const ok = schema(body);
  expect(ok ? [] : schema.errors).toEqual([]);
}

let srv: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  srv = await startTestApp({}, { handlers: sessionHandlers });
}, 180000);
afterAll(async () => {
  await srv.stop();
});

async function cookieFor(usuario: string, password: string): Promise<string> {
  const r = await srv.app.inject({
    method: 'POST',
    url: '/api/private/v1.1/inicioSesion',
    payload: { codigoPlataforma: 1, usuario, passwordMd5: md5Hex(password) },
  });
  const header = r.headers['set-cookie'];
  return ((Array.isArray(header) ? header[0] : header) ?? '').split(';')[0] ?? '';
}
const lookup = (payload: Record<string, unknown>, cookie?: string) =>
  srv.app.inject({ method: 'POST', url: ENTRY.path, payload, ...(cookie ? { headers: { cookie } } : {}) });

describe('the procurador lookup', () => {
  it('is marked in the registry as a call the spec names without a path', () => {
    expect(ENTRY).toMatchObject({
      method: 'POST',
      codeField: 'codigoRespuesta',
      codes: ['0', '1'],
      creates: false,
    });
    expect(ENTRY.pathNotInSpec).toMatch(/procurador/);
  });

  it.each(SEEDED_PROMOTERS.map((p) => [p.usuario, p] as const))(
    '%s: the session names its procurador, and the lookup finds it in the same entity',
    async (_u, p) => {
      const cookie = await cookieFor(p.usuario, p.password);
      const status = await srv.app.inject({ url: '/api/private/v1.1/statusSesion', headers: { cookie } });
      expect(status.json()).toMatchObject({ codigoRespuesta: 0, usuProcurador: p.usuProcurador });
      expectValidAnswer(status.json(), ajv.getSchema(ENDPOINTS['session.status'].response));

      const r = await lookup({ nombreUsuario: p.usuProcurador }, cookie);
      expect(r.statusCode).toBe(200);
      const seed = SEEDED_PROCURADORES.find((x) => x.nombreUsuario === p.usuProcurador)!;
      expect(r.json()).toEqual({
        codigoRespuesta: 0,
        detalleRespuesta: 'OK',
        procurador: {
          nombreUsuario: seed.nombreUsuario,
          nombreUsuarioPersona: seed.nombreUsuarioPersona,
          codigoEntidad: p.codigoEntidad,
          codigoUsuario: seed.codigoUsuario,
        },
      });
      expectValidAnswer(r.json());
    },
  );

  it('reads the user name as the login does: spaces around it and capitals do not matter', async () => {
    const cookie = await cookieFor('aliado', 'Aliado2026');
    const r = await lookup({ nombreUsuario: '  MTorres ' }, cookie);
    expect(r.json()).toMatchObject({ codigoRespuesta: 0, procurador: { nombreUsuario: 'mtorres' } });
  });

  it('answers 404 with code 1 and a Spanish message for an unknown user and for another entity’s procurador alike', async () => {
    const cookie = await cookieFor('aliado', 'Aliado2026');
    for (const nombreUsuario of ['nadie', 'vsalazar', 'promotor']) {
      const r = await lookup({ nombreUsuario }, cookie);
      expect(r.statusCode, nombreUsuario).toBe(404);
      expect(r.json()).toEqual({
        codigoRespuesta: 1,
        detalleRespuesta: text('promoter.procurador.notFound'),
      });
      expect(text('promoter.procurador.notFound')).toBe(
        'No encontramos un procurador con ese usuario en tu entidad.',
      );
      expectValidAnswer(r.json());
    }
  });

  it('needs a logged-in promoter', async () => {
    const r = await lookup({ nombreUsuario: 'vsalazar' });
    expect(r.statusCode).toBe(401);
    expect(r.json()).toMatchObject({ detalleRespuesta: text('error.unauthorized') });
  });

  it('refuses a request without a user name, or with one that cannot be a user name, naming the field', async () => {
    const cookie = await cookieFor('promotor', 'Promotor2026');
    for (const payload of [{}, { nombreUsuario: '' }, { nombreUsuario: "x' OR '1'='1" }]) {
      const r = await lookup(payload, cookie);
      expect(r.statusCode, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(r.json())).toContain('nombreUsuario');
    }
  });
});
