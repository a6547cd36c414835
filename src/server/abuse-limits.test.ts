/**
 * Abuse limits, as a client meets them: the SMS-sending GET needs the site's header; SMS sends
 * and code validations are limited per client address and per applicant's document (not only
 * per phone number), counted in the database; the CSP lets sockets reach only the site itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './test-support.ts';
import { text } from './texts.ts';
import { SMS_CHECKS_PER_DOCUMENT, SMS_SENDS_PER_ADDRESS, SMS_SENDS_PER_DOCUMENT } from './abuse-limits.ts';
import { CONTENT_SECURITY_POLICY } from './security-headers.ts';

let srv: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  srv = await startTestApp({ TRUST_PROXY: 'true' });
}, 180000);
afterAll(async () => {
  await srv.stop();
});

const SITE = { 'x-requested-with': 'XMLHttpRequest' };
let phone = 961000000;
const generate = (documento: string, ip: string, headers: Record<string, string> = SITE) =>
  srv.app.inject({
    url: `/api/private/v1.0/token?documento=${documento}&telefono=${++phone}`,
    headers: { ...headers, 'x-forwarded-for': ip },
  });
const outboxSize = async () =>
  Number((await srv.db!.query<{ n: number }>('SELECT count(*)::int AS n FROM sms_outbox')).rows[0]?.n);

describe('SMS by GET', () => {
  it('without the site header: 403 in Spanish with the security headers, and no SMS', async () => {
    const before = await outboxSize();
    const r = await generate('45600001', '10.9.0.1', {});
    expect(r.statusCode).toBe(403);
    expect(r.json<{ detalleRespuesta: string }>().detalleRespuesta).toBe(text('error.siteHeaderRequired'));
    expect(r.headers['content-security-policy']).toBeDefined();
    expect(await outboxSize()).toBe(before);
    const ok = await generate('45600001', '10.9.0.1');
    expect(ok.json<{ codigoRespuesta: string }>().codigoRespuesta).toBe('00');
    expect(await outboxSize()).toBe(before + 1);
  });
});

describe('SMS limits beyond the phone number', () => {
  it(`one address texts at most ${SMS_SENDS_PER_ADDRESS.max} numbers an hour; another address is not affected`, async () => {
    const ip = '10.9.1.1';
    const codes: string[] = [];
    for (let i = 0; i < SMS_SENDS_PER_ADDRESS.max + 3; i++)
      codes.push(
        (await generate(String(46000000 + i), ip)).json<{ codigoRespuesta: string }>().codigoRespuesta,
      );
    expect(codes.slice(0, SMS_SENDS_PER_ADDRESS.max).every((c) => c === '00')).toBe(true);
    expect(codes.slice(SMS_SENDS_PER_ADDRESS.max).every((c) => c === '99')).toBe(true);
    expect((await generate('46100000', '10.9.1.2')).json<{ codigoRespuesta: string }>().codigoRespuesta).toBe(
      '00',
    );
    // Counted in the database: a restart or another instance sees the same count.
    const { rows } = await srv.db!.query<{ n: number }>(
      "SELECT n FROM abuse_counters WHERE scope = 'sms.send.address' AND key = $1",
      [ip],
    );
    expect(rows[0]?.n).toBe(SMS_SENDS_PER_ADDRESS.max + 3);
  });

  it(`one document gets at most ${SMS_SENDS_PER_DOCUMENT.max} codes an hour, to any numbers from any addresses`, async () => {
    const codes: string[] = [];
    for (let i = 0; i < SMS_SENDS_PER_DOCUMENT.max + 2; i++)
      codes.push(
        (await generate('47000001', `10.9.2.${i}`)).json<{ codigoRespuesta: string }>().codigoRespuesta,
      );
    expect(codes.slice(0, SMS_SENDS_PER_DOCUMENT.max).every((c) => c === '00')).toBe(true);
    expect(codes.slice(SMS_SENDS_PER_DOCUMENT.max)).toEqual(['99', '99']);
  });

  it(`codes for one document can be tried at most ${SMS_CHECKS_PER_DOCUMENT.max} times an hour, the right one included`, async () => {
    await generate('47500001', '10.9.3.1');
    const { rows } = await srv.db!.query<{ token: string }>(
      'SELECT token FROM sms_outbox ORDER BY id DESC LIMIT 1',
    );
    const right = rows[0]!.token;
    const wrong = right === '000000' ? '111111' : '000000';
    const validate = (token: string, i: number) =>
      srv.app.inject({
        method: 'POST',
        url: `/api/private/v1.0/token/${token}`,
        payload: { documento: '47500001' },
        headers: { 'x-forwarded-for': `10.9.4.${i}` },
      });
    // Wrong tries spread over addresses (each code burns after 5; a fresh code each 4 tries).
    for (let i = 0; i < SMS_CHECKS_PER_DOCUMENT.max; i++) {
      if (i % 4 === 3) await generate('47500001', `10.9.5.${i}`);
      expect((await validate(wrong, i)).json<{ codigoRespuesta: string }>().codigoRespuesta).toBe('01');
    }
    await generate('47500001', '10.9.6.1');
    const { rows: latest } = await srv.db!.query<{ token: string }>(
      'SELECT token FROM sms_outbox ORDER BY id DESC LIMIT 1',
    );
    expect((await validate(latest[0]!.token, 99)).json<{ codigoRespuesta: string }>().codigoRespuesta).toBe(
      '01',
    );
  });
});

describe('CSP', () => {
  it('connect-src names only the site itself (sockets included), no other host or scheme', async () => {
    const r = await srv.app.inject({ url: '/' });
    const csp = r.headers['content-security-policy'] as string;
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    expect(csp.split('; ').find((d) => d.startsWith('connect-src'))).toBe("connect-src 'self'");
  });
});
