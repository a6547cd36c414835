/**
 * Two instances on one database and one Redis, as behind a load balancer: the applicant's
 * socket is on instance A, the pre-evaluation (and so the policy evaluation) runs on B, and
 * the result reaches the applicant live on A through the Redis adapter.
 *
 * Redis comes from `TEST_REDIS_URL` (`.ci/run` starts one with `scripts/start-redis.sh`), else
 * from a `redis-server` this suite starts on a free port; without either the suite says it
 * was skipped and why.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openSharedDatabase, startInstance, type Instance, type SharedDatabase } from './test-cluster.ts';
import { tempDir, testSettings } from './test-support.ts';
import { freePort } from '../../scripts/lib/free-port.ts';

const hasBinary = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
const givenUrl = process.env.TEST_REDIS_URL ?? null;
const canRun = givenUrl !== null || hasBinary;
if (!canRun)
  console.log(
    'Redis adapter across instances: SKIPPED, no redis-server binary and TEST_REDIS_URL unset (install it with apt-get install -y redis-server, or run scripts/start-redis.sh)',
  );

/** Starts a throw-away redis-server (no persistence) and waits until it accepts commands. */
async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) =>
      reject(new Error(`redis-server salió con código ${code}: ${out.slice(-500)}`)),
    );
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

const lead = {
  tipoDocumento: 1,
  documento: '45678912',
  fechaNacimiento: '1990-05-10',
  placa: 'ABC-123',
  recorridoxDia: 3,
  telefono: '987654321',
  email: 'cliente@example.pe',
  terms: '1',
};

describe.skipIf(!canRun)('the Redis adapter across two instances', () => {
  let redis: { url: string; stop(): Promise<void> } | null = null;
  let shared: SharedDatabase;
  let a: Instance;
  let b: Instance;
  let client: Socket | null = null;

  beforeAll(async () => {
    const url = givenUrl ?? (redis = await startRedis()).url;
    shared = await openSharedDatabase();
    console.log(
      `Redis adapter across instances: Redis at ${url}, ${shared.kind === 'postgres' ? 'PostgreSQL' : 'one embedded database shared in-process'}`,
    );
    a = await startInstance(shared, { REDIS_URL: url });
    // The evaluation answers after 3 s, long after the applicant has joined on A: what A's
    // client receives then can only come live from B through Redis, not from the stored result.
    b = await startInstance(shared, { REDIS_URL: url, SANDBOX_EVALUATION_DELAY_MS: '3000' });
  }, 120_000);
  afterAll(async () => {
    client?.close();
    await a?.stop();
    await b?.stop();
    await shared?.close();
    await redis?.stop();
  });

  it('an evaluation run on instance B reaches the applicant connected to instance A', async () => {
    const pre = await b.app.inject({ method: 'POST', url: '/v4/prospecto/v2.0/producto/lde', payload: lead });
    expect(pre.statusCode).toBe(200);
    const body = pre.json<{ codigoRespuesta: number; prospecto: { codigoProspecto: number } }>();
    expect(body.codigoRespuesta).toBe(0);
    const room = String(body.prospecto.codigoProspecto);
    // The evaluation goes on once the applicant typed the code texted to their phone.
    const cookie = String(pre.headers['set-cookie'] ?? '').split(';')[0]!;
    const proof = {
      codigoProspecto: body.prospecto.codigoProspecto,
      documento: lead.documento,
      celular: lead.telefono,
      grupo: 'CREDINSTANTE',
      tipo: 1,
    };
    const sent = await b.app.inject({
      method: 'POST',
      url: '/kong/token/send',
      payload: proof,
      headers: { cookie },
    });
    expect(sent.json()).toMatchObject({ codRes: '00' });
    const outbox = (
      await b.app.inject({ method: 'GET', url: `/__sandbox/outbox?celular=${lead.telefono}` })
    ).json<{ token?: string }[]>();
    const token = outbox.find((m) => m.token !== undefined)?.token;

    client = connect(`${a.url}/credinstante`, { transports: ['websocket'], forceNew: true });
    const received: { payload: unknown; afterJoin: boolean }[] = [];
    let joined = false;
    const result = new Promise<unknown>((resolve) => {
      client!.on('evaluacion', (payload: unknown) => {
        received.push({ payload, afterJoin: joined });
        resolve(payload);
      });
    });
    await new Promise<void>((resolve) => client!.emit('join', room, () => resolve()));
    joined = true;
    expect(received).toEqual([]);
    const valid = await b.app.inject({
      method: 'POST',
      url: '/kong/token/valid',
      payload: { ...proof, token },
      headers: { cookie },
    });
    expect(valid.json()).toMatchObject({ codRes: '00' });

    const payload = (await result) as { codigoProspecto: number; resultado: number };
    expect(payload.codigoProspecto).toBe(body.prospecto.codigoProspecto);
    expect(typeof payload.resultado).toBe('number');
    expect(received.map((r) => r.afterJoin)).toEqual([true]);
  }, 30_000);
});

describe('a Redis that does not answer', () => {
  it('stops the start with an error naming REDIS_URL and the address, without its password', async () => {
    const t = tempDir('redis-down');
    const port = await freePort();
    try {
      const settings = testSettings(t.dir, { REDIS_URL: `redis://user:s3creto@127.0.0.1:${port}` });
      const err = await buildApp(settings).then(
        async (built) => {
          await built.close();
          return null;
        },
        (e: unknown) => e as Error,
      );
      expect(err).toBeInstanceOf(Error);
      expect(err!.message).toContain(`redis://127.0.0.1:${port}`);
      expect(err!.message).toContain('REDIS_URL');
      expect(err!.message).not.toContain('s3creto');
    } finally {
      t.cleanup();
    }
  }, 120_000);
});
