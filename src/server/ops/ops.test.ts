import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provePhone, startTestApp } from '../test-support.ts';

const lead = (documento: string) => ({
  tipoDocumento: 1,
  documento,
  fechaNacimiento: '1990-05-10',
  placa: 'ABC-123',
  recorridoxDia: 3,
  telefono: '987654321',
  email: 'cliente@example.pe',
  terms: '1',
});

/** The value of one sample of the exposition text, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (m?.[1] !== name) continue;
    const got: Record<string, string | undefined> = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((x): [string, string] => [x[1]!, x[2]!]),
    );
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('health, readiness and metrics in sandbox mode', () => {
  let app: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    // Evaluations wait a minute: they are still queued when the test looks.
    app = await startTestApp({ SANDBOX_EVALUATION_DELAY_MS: '60000' });
  });
  afterAll(async () => {
    await app.stop();
  });

  it('/healthz says the process answers', async () => {
    const r = await app.app.inject('/healthz');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok' });
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('/readyz checks the database, its migrations and the sockets', async () => {
    const r = await app.app.inject('/readyz');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', sockets: 'ok' } });
  });

  it('/readyz answers 503 when a migration is missing', async () => {
    await app.db!.query(
      'DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)',
    );
    const r = await app.app.inject('/readyz');
    expect(r.statusCode).toBe(503);
    expect(r.json<{ checks: { migrations: string } }>().checks.migrations).toBe('faltan 1');
    // Put it back for the other tests.
    const { listMigrations } = await import('../db/migrate.ts');
    const last = listMigrations().at(-1)!;
    await app.db!.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
      last.version,
      last.file,
    ]);
    expect((await app.app.inject('/readyz')).statusCode).toBe(200);
  });

  it('every answer carries a request id, and keeps a sane one the caller sent', async () => {
    const a = await app.app.inject('/api/private/v1.0/catalogoDepartamento');
    const b = await app.app.inject('/api/private/v1.0/catalogoDepartamento');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    const c = await app.app.inject({ url: '/no-existe', headers: { 'x-request-id': 'balanceador-1234' } });
    expect(c.headers['x-request-id']).toBe('balanceador-1234');
    const d = await app.app.inject({ url: '/healthz', headers: { 'x-request-id': '<script>' } });
    expect(d.headers['x-request-id']).not.toBe('<script>');
  });

  it('/metrics counts requests by call and status, latency, queued evaluations, batches and SMS', async () => {
    const pre = await app.app.inject({
      method: 'POST',
      url: '/v4/prospecto/v2.0/producto/lde',
      payload: lead('45678912'),
    });
    expect(pre.statusCode).toBe(200);
    // The evaluation waits for the applicant's phone code.
    await provePhone(app.app, { documento: '45678912', telefono: '987654321' });
    const sms = await app.app.inject({
      method: 'POST',
      url: '/v7/private/v1.0/generarTokenNewSms',
      payload: { celular: '987654321', documento: '45678912' },
    });
    expect(sms.statusCode).toBe(200);
    await app.app.inject({
      method: 'POST',
      url: '/v4/prospecto/v2.0/producto/lde',
      payload: { documento: 'x' },
    });

    const r = await app.app.inject('/metrics');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = r.body;
    expect(
      sample(text, 'http_requests_total', { call: 'lde.preEvaluate', method: 'POST', status: '200' }),
    ).toBe(1);
    expect(
      sample(text, 'http_requests_total', { call: 'lde.preEvaluate', method: 'POST', status: '400' }),
    ).toBe(1);
    expect(
      sample(text, 'http_request_duration_seconds_count', { call: 'lde.preEvaluate', method: 'POST' }),
    ).toBe(2);
    expect(sample(text, 'evaluation_queue_length')).toBe(1);
    expect(sample(text, 'sms_sent_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_batch_size_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeDefined();
  });

  it('a drain answers /readyz 503, runs the waiting evaluation at once and empties the queue', async () => {
    await app.ops.drain(1000);
    const r = await app.app.inject('/readyz');
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ status: 'draining' });
    const { rows } = await app.db!.query<{ pending: number }>(
      'SELECT count(*)::int AS pending FROM lde_evaluations WHERE answered_at IS NULL',
    );
    expect(rows[0]!.pending).toBe(0);
    expect(sample((await app.app.inject('/metrics')).body, 'evaluation_queue_length')).toBe(0);
  });
});

describe('metrics in upstream mode', () => {
  const upstream = {
    UPSTREAM_URL: 'http://127.0.0.1:1',
    UPSTREAM_BASIC_AUTH: 'usuario:clave',
    JWT_SECRET: 'x'.repeat(40),
  };

  it('are not served unless METRICS turns them on; /readyz says the gateway is unreachable', async () => {
    const app = await startTestApp(upstream);
    try {
      expect((await app.app.inject('/metrics')).statusCode).toBe(404);
      const r = await app.app.inject('/readyz');
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', migrations: 'ok', sockets: 'ok', upstream: 'inalcanzable' },
      });
      expect((await app.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await app.stop();
    }
  });

  it('are served with METRICS=on', async () => {
    const app = await startTestApp({ ...upstream, METRICS: 'on' });
    try {
      const r = await app.app.inject('/metrics');
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('# TYPE http_requests_total counter');
    } finally {
      await app.stop();
    }
  });
});
