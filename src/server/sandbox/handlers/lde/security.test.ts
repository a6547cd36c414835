import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createKit, type TestKit } from './test-kit.ts';
import { handlers as contracts } from '../contracts.ts';
import { handlers as lde } from '../lde.ts';
import { signLink, LINK_AUDIENCE } from '../../../domain/lde/links.ts';
import type { Handler } from '../../types.ts';

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
const validate = async (token: string, p = purpose) => (await kit.call(h('tokens.validate'), { body: { ...p, token } })).json.codRes;
const wrongOf = (code: string) => (code === '000000' ? '000001' : '000000');

describe('SMS codes', () => {
  it('texts 6 digits and keeps only a salted hash', async () => {
    expect(await send()).toBe('00');
    const code = kit.lastToken(purpose.celular);
    expect(code).toMatch(/^\d{6}$/);
    const { rows } = await kit.svc.db.query<{ hash: string; salt: string }>('SELECT hash, salt FROM lde_tokens');
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

  it('sends at most 3 codes per number in 10 minutes, and only the newest works', async () => {
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
  const wrong = () => kit.call(h('identity.answers'), { body: { codigoProspecto: id, respuestas: [{ idPregunta: 1, idRespuesta: 0 }] } }).then((r) => r.json.codRes);

  beforeEach(async () => {
    const r = await kit.call(h('lde.preEvaluate'), { body: { documento: '45678912', telefono, placa: 'ABC-123', terms: '1', fechaNacimiento: '1985-03-03' } });
    id = (r.json.prospecto as { codigoProspecto: number }).codigoProspecto;
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

  it('a lockout earned from another phone does not lock the applicant who uses their own', async () => {
    for (const c of ['01', '01', '02']) expect(await wrong()).toBe(c);
    const mine = await kit.call(h('lde.preEvaluate'), { body: { documento: '45678912', telefono: '934567890', placa: 'ABC-123', terms: '1', fechaNacimiento: '1985-03-03' } });
    const myId = (mine.json.prospecto as { codigoProspecto: number }).codigoProspecto;
    await kit.flush();
    await kit.call(h('identity.questions'), { params: { id: String(myId) } });
    expect((await kit.call(h('identity.answers'), { body: { codigoProspecto: myId, respuestas: [] } })).json.codRes).toBe('01');
  });
});

describe('resume and observed links', () => {
  const secret = 'a-test-secret-of-at-least-32-characters!';
  const claims = { purpose: 'resume' as const, codigoProspecto: 123456789, documento: '45678912' };
  const check = async (token: string) => (await kit.call(h('jwt.validate'), { body: { token } })).json;

  it('a valid link answers "00" with its claims', async () => {
    const token = await signLink(secret, claims, kit.svc.clock.now());
    expect(await check(token)).toMatchObject({ codRes: '00', data: claims });
  });

  it('a tampered link answers "06"', async () => {
    const token = await signLink(secret, claims, kit.svc.clock.now());
    const [head, body, sig] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), codigoProspecto: 1 })).toString('base64url');
    expect((await check(`${head}.${forged}.${sig}`)).codRes).toBe('06');
    expect((await check('not-a-jwt')).codRes).toBe('06');
  });

  it('an unsigned ("none") or foreign-audience token answers "06"', async () => {
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, aud: LINK_AUDIENCE, exp: 9e9 })).toString('base64url')}.`;
    expect((await check(none)).codRes).toBe('06');
    const foreign = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).setAudience('other').setExpirationTime(9e9).sign(new TextEncoder().encode(secret));
    expect((await check(foreign)).codRes).toBe('06');
  });

  it('an expired link answers "07" once the service clock passes its expiry', async () => {
    const token = await signLink(secret, claims, kit.svc.clock.now());
    kit.advance(72 * HOUR + 1000);
    expect(await check(token)).toMatchObject({ codRes: '07', detalleRespuesta: 'Se venció el plazo para usar este enlace.' });
  });
});
