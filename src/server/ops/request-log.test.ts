import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { handlers as sandboxHandlers } from '../sandbox/handlers/index.ts';
import { startTestApp } from '../test-support.ts';
import { REDACTED, scrub, scrubText } from './request-log.ts';

/** Personal data a request may carry; none of it may reach the log. */
const PERSONAL = {
  dni: '45678912',
  phone: '987654321',
  nombres: 'Rosaura',
  apellido: 'Quispecahuana',
  email: 'rosaura.q@example.pe',
  account: '19112345678901',
  cci: '00219100123456789012',
  smsCode: '482913',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJjb2RpZ29Qcm9zcGVjdG8iOjF9.c2lnbmF0dXJlLWhlcmU',
};

function captureLog(): { stream: Writable; lines: () => Record<string, unknown>[]; raw: () => string } {
  let raw = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      raw += chunk.toString('utf8');
      done();
    },
  });
  return {
    stream,
    raw: () => raw,
    lines: () =>
      raw
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('the request log', () => {
  it('writes one JSON line per request with its id, and no personal data anywhere', async () => {
    const log = captureLog();
    const app = await startTestApp(
      { LOG_LEVEL: 'info' },
      {
        logStream: log.stream,
        handlers: {
          ...sandboxHandlers,
          // A failure whose message quotes the applicant, as careless code might write it.
          'catalogs.occupations': () => {
            throw new Error(
              `sin ocupación para ${PERSONAL.nombres} ${PERSONAL.apellido} (${PERSONAL.dni}, ${PERSONAL.email})`,
            );
          },
        },
      },
    );
    try {
      const requests = [
        {
          method: 'POST' as const,
          url: '/v4/prospecto/v2.0/producto/lde',
          payload: {
            tipoDocumento: 1,
            documento: PERSONAL.dni,
            fechaNacimiento: '1990-05-10',
            placa: 'ABC-123',
            recorridoxDia: 3,
            telefono: PERSONAL.phone,
            email: PERSONAL.email,
            terms: '1',
            nombres: PERSONAL.nombres,
          },
        },
        {
          method: 'POST' as const,
          url: `/api/private/v1.0/token/${PERSONAL.smsCode}`,
          payload: { documento: PERSONAL.dni, telefono: PERSONAL.phone },
        },
        {
          method: 'GET' as const,
          url: `/kong/prospecto/v2.0/producto/conversion/1?documento=${PERSONAL.dni}`,
        },
        { method: 'GET' as const, url: `/kong/reporte/contrato/2/${PERSONAL.jwt}` },
        {
          method: 'GET' as const,
          url: `/api/no-existe/${PERSONAL.dni}/${PERSONAL.email}?cci=${PERSONAL.cci}`,
        },
        {
          method: 'PUT' as const,
          url: '/kong/credito/v1/ownership-validation/updateBankDetails',
          payload: {
            documento: PERSONAL.dni,
            numeroCuentaBancaria: PERSONAL.account,
            numeroCuentaInterbancaria: PERSONAL.cci,
            nombreTitular: `${PERSONAL.nombres} ${PERSONAL.apellido}`,
          },
        },
        {
          method: 'POST' as const,
          url: '/v4/prospecto/v2.0/producto/lde',
          headers: { 'content-type': 'application/json' },
          payload: `{"documento":"${PERSONAL.dni}",`,
        },
        { method: 'GET' as const, url: '/api/private/v1.0/catalogoOcupacion' },
      ];
      const ids: string[] = [];
      for (const r of requests) ids.push(String((await app.app.inject(r)).headers['x-request-id']));
      expect((await app.app.inject('/api/private/v1.0/catalogoOcupacion')).statusCode).toBe(500);
      ids.push('');
      // Code that logs a person's record by mistake.
      app.app.log.info(
        {
          documento: PERSONAL.dni,
          celular: PERSONAL.phone,
          nombres: PERSONAL.nombres,
          cuenta: { cci: PERSONAL.cci },
        },
        `registro de ${PERSONAL.dni}`,
      );

      const lines = log.lines();
      const perRequest = lines.filter((l) => l.msg === 'solicitud');
      expect(perRequest).toHaveLength(requests.length + 1);
      expect(perRequest.slice(0, requests.length).map((l) => l.reqId)).toEqual(ids.slice(0, requests.length));
      for (const l of perRequest) {
        expect(Object.keys(l)).toEqual(
          expect.arrayContaining(['reqId', 'method', 'route', 'call', 'status', 'ms']),
        );
      }
      expect(perRequest[0]).toMatchObject({
        call: 'lde.preEvaluate',
        route: '/v4/prospecto/v2.0/producto/lde',
        status: 200,
      });
      expect(lines.some((l) => l.msg === 'error inesperado')).toBe(true);

      const raw = log.raw();
      for (const [what, value] of Object.entries(PERSONAL))
        expect(raw.includes(value), `${what} in the log`).toBe(false);
    } finally {
      await app.stop();
    }
  });
});

describe('scrub', () => {
  it('masks digit runs, e-mail addresses and signed tokens in text, and keeps short numbers', () => {
    expect(
      scrubText(`DNI ${PERSONAL.dni}, cel. 987 654 321, ${PERSONAL.email}, ${PERSONAL.jwt}; paso 3 de 12`),
    ).toBe(`DNI ${REDACTED}, cel. ${REDACTED}, ${REDACTED}, ${REDACTED}; paso 3 de 12`);
  });
  it('replaces personal fields whatever they hold, and keeps error frames without their message', () => {
    const err = new Error(`falló para ${PERSONAL.nombres}`);
    const out = scrub({
      nombres: PERSONAL.nombres,
      apellidoPaterno: 'X',
      statusCode: 200,
      err: { type: 'Error', stack: err.stack },
    }) as {
      nombres: string;
      apellidoPaterno: string;
      statusCode: number;
      err: { stack: string };
    };
    expect(out.nombres).toBe(REDACTED);
    expect(out.apellidoPaterno).toBe(REDACTED);
    expect(out.statusCode).toBe(200);
    expect(out.err.stack).not.toContain(PERSONAL.nombres);
    expect(out.err.stack).toMatch(/^\s+at /);
  });
});
