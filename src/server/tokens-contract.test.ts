/**
 * The SMS token calls' contract over HTTP: a token is asked for and validated for one
 * document and phone (000 §3 "Token request"), so the validation call requires `token`,
 * `documento` and `celular`, and a missing one answers 400 'Parámetros inválidos' naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './test-support.ts';
import { text } from './texts.ts';

let srv: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  srv = await startTestApp();
}, 120_000);
afterAll(async () => {
  await srv?.stop();
});

const DNI = '45678912';
const CELULAR = '987650011';

const post = (url: string, payload: unknown) =>
  srv.app.inject({ method: 'POST', url, payload: payload as object });

/** The two call shapes: kong (`codRes`) and the private v7 service (`codigoRespuesta`). */
const CALLS = [
  { send: '/kong/token/send', validate: '/kong/token/valid', field: 'codRes' },
  {
    send: '/v7/private/v1.0/generarTokenNewSms',
    validate: '/v7/private/v1.0/validarTokenNew',
    field: 'codigoRespuesta',
  },
] as const;

describe.each(CALLS)('token validation at $validate', ({ send, validate, field }) => {
  it.each([
    [{ token: '123456' }, ['documento', 'celular']],
    [{ token: '123456', documento: DNI }, ['celular']],
    [{ token: '123456', celular: CELULAR }, ['documento']],
    [{ documento: DNI, celular: CELULAR }, ['token']],
  ])('%j answers 400 Parámetros inválidos naming %j', async (body, missing) => {
    const r = await post(validate, body);
    expect(r.statusCode).toBe(400);
    const b = r.json<{ detalleRespuesta: string; errores: { campo: string; mensaje: string }[] }>();
    expect(b.detalleRespuesta).toBe(text('error.badRequest'));
    expect(b.errores.map((e) => e.campo).sort()).toEqual([...missing].sort());
  });

  it('a token sent for a document and phone validates once for them, and not for another phone', async () => {
    const purpose = { documento: DNI, celular: CELULAR, grupo: 'CREDINSTANTE', tipo: 1 };
    expect((await post(send, purpose)).json<Record<string, string>>()[field]).toBe('00');
    const outbox = (
      await srv.app.inject({ method: 'GET', url: `/__sandbox/outbox?celular=${CELULAR}` })
    ).json<{ token?: string }[]>();
    const token = outbox[0]?.token;
    expect(token).toMatch(/^\d{6,8}$/);
    expect(
      (await post(validate, { ...purpose, celular: '987650012', token })).json<Record<string, string>>()[
        field
      ],
    ).toBe('01');
    expect((await post(validate, { ...purpose, token })).json<Record<string, string>>()[field]).toBe('00');
    expect((await post(validate, { ...purpose, token })).json<Record<string, string>>()[field]).toBe('01');
  });
});
