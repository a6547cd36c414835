import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createKit, type TestKit } from './test-kit.ts';
import { handlers as contracts } from '../contracts.ts';
import { handlers as lde } from '../lde.ts';
import { signLink, LINK_AUDIENCE } from '../../../domain/lde/links.ts';
import type { Handler } from '../../types.ts';
import { identityAnswers } from './identity.ts';
import { IDENTITY_ANSWERS_PER_ADDRESS, withClient } from '../../../abuse-limits.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let kit: TestKit;
beforeAll(async () => {
  kit = await createKit();
});
beforeEach(async () => {
  await kit.reset();
});

const h = (id: string): Handler => (lde[id] ?? contracts[id])!;
const purpose = { celular: '912345678', documento: '45678912', grupo: 'CREDINSTANTE', tipo: '1' };
const send = async (p = purpose) => (await kit.call(h('tokens.send'), { body: p })).json.codRes;
const validate = async (token: string, p = purpose) =>
  (await kit.call(h('tokens.validate'), { body: { ...p, token } })).json.codRes;
const wrongOf = (code: string) => (code === '000000' ? '000001' : '000000');

describe('SMS codes', () => {
  it('texts 6 digits and keeps only a salted hash', async () => {
    expect(await send()).toBe('00');
    const code = kit.lastToken(purpose.celular);
    expect(code).toMatch(/^\d{6}$/);
    const { rows } = await kit.svc.db.query<{ hash: string; salt: string }>(
      'SELECT hash, salt FROM lde_tokens',
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]!.salt).toMatch(/^[0-9a-f]{32}$/);
  });

  it('expires 10 minutes after it was sent', async () => {
    await send();
    const code = kit.lastToken(purpose.celular);
    kit.advance(10 * MIN);
    expect(await validate(code)).toBe('01');
  });

  it('is still valid just before 10 minutes, and only once', async () => {
    await send();
    const code = kit.lastToken(purpose.celular);
    kit.advance(10 * MIN - 1000);
    expect(await validate(code)).toBe('00');
    expect(await validate(code)).toBe('01');
  });

  it('is bound to its purpose: another document, phone or type cannot use it', async () => {
    await send();
    const code = kit.lastToken(purpose.celular);
    expect(await validate(code, { ...purpose, documento: '45678913' })).toBe('01');
    expect(await validate(code, { ...purpose, tipo: '2' })).toBe('01');
    expect(await validate(code)).toBe('00');
  });

  it('burns after 5 wrong tries: even the right code then fails', async () => {
    await send();
    const code = kit.lastToken(purpose.celular);
    for (let i = 0; i < 5; i++) expect(await validate(wrongOf(code))).toBe('01');
    expect(await validate(code)).toBe('01');
  });

  it('counts each kind of code apart: a number at its limit for one kind still gets the next kind of code', async () => {
    for (let i = 0; i < 3; i++) expect(await send()).toBe('00');
    expect(await send()).toBe('01');
    const signing = { ...purpose, tipo: '2' };
    expect(await send(signing)).toBe('00');
    expect(kit.outbox).toHaveLength(4);
    expect(await validate(kit.lastToken(purpose.celular), signing)).toBe('00');
  });

  it('sends at most 3 codes of one kind per number in 10 minutes, and only the newest works', async () => {
    expect(await send()).toBe('00');
    const first = kit.lastToken(purpose.celular);
    expect(await send()).toBe('00');
    expect(await send()).toBe('00');
    expect(await send()).toBe('01');
    expect(kit.outbox).toHaveLength(3);
    const newest = kit.lastToken(purpose.celular);
    if (newest !== first) expect(await validate(first)).toBe('01');
    kit.advance(10 * MIN + 1);
    expect(await send()).toBe('00');
  });
});

describe('identity lockouts', () => {
  let id: number;
  const telefono = '923456789';
  const wrong = () =>
    kit
      .call(h('identity.answers'), {
        body: { codigoProspecto: id, respuestas: [{ idPregunta: 1, idRespuesta: 0 }] },
      })
      .then((r) => r.json.codRes);

  beforeEach(async () => {
    const r = await kit.call(h('lde.preEvaluate'), {
      body: { documento: '45678912', telefono, placa: 'ABC-123', terms: '1', fechaNacimiento: '1985-03-03' },
    });
    id = (r.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    await kit.verifyPhone({ id, documento: '45678912', telefono });
    await kit.flush();
    expect((await kit.call(h('identity.questions'), { params: { id: String(id) } })).json.codRes).toBe('20');
  });

  it('answers "01" twice, then "02" at the third failure, and stays locked for 24 hours', async () => {
    expect(await wrong()).toBe('01');
    expect(await wrong()).toBe('01');
    expect(await wrong()).toBe('02');
    kit.advance(DAY - MIN);
    expect(await wrong()).toBe('02');
    kit.advance(2 * MIN);
    expect(await wrong()).toBe('01');
  });

  it('failures spread over more than 24 hours do not lock', async () => {
    expect(await wrong()).toBe('01');
    kit.advance(13 * HOUR);
    expect(await wrong()).toBe('01');
    kit.advance(13 * HOUR);
    expect(await wrong()).toBe('01');
  });

  it('a second lockout within 30 days locks for 15 days ("03")', async () => {
    for (const c of ['01', '01', '02']) expect(await wrong()).toBe(c);
    kit.advance(DAY + MIN);
    for (const c of ['01', '01', '03']) expect(await wrong()).toBe(c);
    kit.advance(14 * DAY);
    expect(await wrong()).toBe('03');
    kit.advance(DAY + MIN);
    expect(await wrong()).toBe('01');
  });

  const open = async (documento: string, tel: string) => {
    const r = await kit.call(h('lde.preEvaluate'), {
      body: { documento, telefono: tel, placa: 'ABC-123', terms: '1', fechaNacimiento: '1985-03-03' },
    });
    const other = (r.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    await kit.verifyPhone({ id: other, documento, telefono: tel });
    await kit.flush();
    expect((await kit.call(h('identity.questions'), { params: { id: String(other) } })).json.codRes).toBe(
      '20',
    );
    return other;
  };
  const answerFrom = (
    ip: string,
    prospect: number,
    respuestas: unknown[] = [{ idPregunta: 1, idRespuesta: 0 }],
  ) =>
    withClient(ip, () =>
      kit.call(h('identity.answers'), { body: { codigoProspecto: prospect, respuestas } }),
    ).then((r) => r.json.codRes);

  it('a lockout of one application does not lock another application of the same person', async () => {
    for (const c of ['01', '01', '02']) expect(await wrong()).toBe(c);
    const mine = await open('45678912', '934567890');
    expect(mine).not.toBe(id);
    expect(
      (await kit.call(h('identity.answers'), { body: { codigoProspecto: mine, respuestas: [] } })).json
        .codRes,
    ).toBe('01');
    const right = (
      (await identityAnswers('45678912', kit.svc)) as {
        respuestas: { idPregunta: number; idRespuesta: number }[];
      }
    ).respuestas;
    expect(await answerFrom('198.51.100.7', mine, right)).toBe('00');
    expect(await wrong()).toBe('02');
  });

  it('one address guessing across many applications is refused after its daily allowance, and locks none of them', async () => {
    const targets = [id];
    for (let i = 0; i < 10; i++) targets.push(await open(String(45678920 + i), `9345678${String(10 + i)}`));
    let sent = 0;
    for (const t of targets)
      for (let k = 0; k < 2; k++, sent++) expect(await answerFrom('203.0.113.9', t)).toBe('01');
    while (sent < IDENTITY_ANSWERS_PER_ADDRESS.max) {
      expect(await answerFrom('203.0.113.9', targets[sent % targets.length]!)).toMatch(/^0[12]$/);
      sent++;
    }
    expect(await answerFrom('203.0.113.9', targets[0]!)).toBe('02');
    const fresh = targets[targets.length - 1]!;
    expect(await answerFrom('203.0.113.9', fresh)).toBe('02');
    // The owner of the last application, from their own address, is not locked out.
    const { rows } = await kit.svc.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM lde_lockouts WHERE application = $1',
      [`lde:${fresh}`],
    );
    expect(rows[0]!.n).toBe(0);
    const right = (
      (await identityAnswers('45678929', kit.svc)) as {
        respuestas: { idPregunta: number; idRespuesta: number }[];
      }
    ).respuestas;
    expect(await answerFrom('192.0.2.44', fresh, right)).toBe('00');
  });
});

describe('resume and observed links', () => {
  const secret = 'a-test-secret-of-at-least-32-characters!';
  const claims = {
    purpose: 'resume' as const,
    kind: 'lde' as const,
    codigoProspecto: 123456789,
    documento: '45678912',
  };
  const check = async (token: string) => (await kit.call(h('jwt.validate'), { body: { token } })).json;

  it('a valid link answers "00" with its claims', async () => {
    const token = await signLink(secret, claims, kit.svc.clock.now());
    expect(await check(token)).toMatchObject({ codRes: '00', data: claims });
  });

  it('a tampered link answers "06"', async () => {
    const token = await signLink(secret, claims, kit.svc.clock.now());
    const [head, body, sig] = token.split('.') as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), codigoProspecto: 1 }),
    ).toString('base64url');
    expect((await check(`${head}.${forged}.${sig}`)).codRes).toBe('06');
    expect((await check('not-a-jwt')).codRes).toBe('06');
  });

  it('an unsigned ("none") or foreign-audience token answers "06"', async () => {
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, aud: LINK_AUDIENCE, exp: 9e9 })).toString('base64url')}.`;
    expect((await check(none)).codRes).toBe('06');
    const foreign = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('other')
      .setExpirationTime(9e9)
      .sign(new TextEncoder().encode(secret));
    expect((await check(foreign)).codRes).toBe('06');
  });

  it('a link that does not say which kind of application it opens answers "06"', async () => {
    const key = new TextEncoder().encode(secret);
    const sign = (kind: unknown) =>
      new SignJWT({ ...claims, kind })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(LINK_AUDIENCE)
        .setExpirationTime(9e9)
        .sign(key);
    expect((await check(await sign(undefined))).codRes).toBe('06');
    expect((await check(await sign('evaluation'))).codRes).toBe('06');
    expect((await check(await sign('vehicle'))).codRes).toBe('00');
  });

  it('an expired link answers "07" once the service clock passes its expiry', async () => {
    const token = await signLink(secret, claims, kit.svc.clock.now());
    kit.advance(72 * HOUR + 1000);
    expect(await check(token)).toMatchObject({
      codRes: '07',
      detalleRespuesta: 'Se venció el plazo para usar este enlace.',
    });
  });
});
