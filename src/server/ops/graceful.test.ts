/**
 * The real process (`src/server/main.ts`): SIGTERM answers the request in flight, turns
 * `/readyz` to 503, decides the evaluation still waiting for its delay and stores it, then
 * exits 0; a bad setting stops the start at once with the variable named.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../db/open-db.ts';
import { tempDir } from '../test-support.ts';
import { freePort } from '../../../scripts/lib/free-port.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

const lead = JSON.stringify({
  tipoDocumento: 1,
  documento: '45678912',
  fechaNacimiento: '1990-05-10',
  placa: 'ABC-123',
  recorridoxDia: 3,
  telefono: '987654321',
  email: 'cliente@example.pe',
  terms: '1',
});

const dirs: { cleanup(): void }[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) d.cleanup();
});

describe('the server process', () => {
  it('on SIGTERM answers the request in flight, stores the waiting evaluation and exits 0', async () => {
    const t = tempDir('graceful');
    dirs.push(t);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = start({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(t.dir, 'data'),
      DIST_DIR: join(t.dir, 'dist'),
      LOG_LEVEL: 'info',
      // The evaluation would answer in ten minutes: only the drain can decide it now.
      SANDBOX_EVALUATION_DELAY_MS: '600000',
    });
    children.push(server.child);
    for (let i = 0; ; i++) {
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (i > 600 || server.child.exitCode !== null)
        throw new Error(`the server did not start:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const pre = await fetch(`${base}/v4/prospecto/v2.0/producto/lde`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: lead,
    });
    expect(pre.status).toBe(200);
    const { codigoRespuesta, codigoProspecto } = (await pre.json()) as {
      codigoRespuesta: number;
      codigoProspecto: number;
    };
    expect(codigoRespuesta).toBe(0);
    // The evaluation goes on once the applicant typed the code texted to their phone.
    const holder = {
      'content-type': 'application/json',
      cookie: (pre.headers.get('set-cookie') ?? '').split(';')[0]!,
    };
    const proof = {
      codigoProspecto,
      documento: '45678912',
      celular: '987654321',
      grupo: 'CREDINSTANTE',
      tipo: 1,
    };
    const sent = await fetch(`${base}/kong/token/send`, {
      method: 'POST',
      headers: holder,
      body: JSON.stringify(proof),
    });
    expect(await sent.json()).toMatchObject({ codRes: '00' });
    const outbox = (await (await fetch(`${base}/__sandbox/outbox?celular=987654321`)).json()) as {
      token?: string;
    }[];
    const token = outbox.find((m) => m.token !== undefined)?.token;
    const valid = await fetch(`${base}/kong/token/valid`, {
      method: 'POST',
      headers: holder,
      body: JSON.stringify({ ...proof, token }),
    });
    expect(await valid.json()).toMatchObject({ codRes: '00' });

    // A request whose body is still arriving when the signal comes.
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${base}/v4/prospecto/v2.0/producto/lde`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(lead.replace('45678912', '45678913')),
          },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      const body = lead.replace('45678912', '45678913');
      req.write(body.slice(0, 20));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => {
          void fetch(`${base}/readyz`)
            .then(async (r) => ({ status: r.status, body: await r.text() }))
            .then((ready) => {
              expect(ready).toEqual({ status: 503, body: JSON.stringify({ status: 'draining' }) });
              req.end(body.slice(20));
            }, reject);
        }, 500);
      }, 300);
    });
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ codigoRespuesta: 0 });

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('cerrado');

    const db = await openDb({ databaseUrl: null, dataDir: join(t.dir, 'data') });
    try {
      const { rows } = await db.query<{ answered: number; pending: number }>(
        'SELECT count(answered_at)::int AS answered, count(*) FILTER (WHERE answered_at IS NULL)::int AS pending FROM lde_evaluations',
      );
      // The verified application's evaluation was decided by the drain; the one that arrived
      // during it is stored, waiting for its phone code.
      expect(rows[0]).toEqual({ answered: 1, pending: 1 });
    } finally {
      await db.close();
    }
  }, 120000);

  it('stops at once on a bad setting, naming it', async () => {
    const t = tempDir('bad-setting');
    dirs.push(t);
    const started = Date.now();
    const server = start({ PORT: 'ochenta', DATA_DIR: join(t.dir, 'data') });
    children.push(server.child);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT: "ochenta" no es un entero');
    expect(Date.now() - started).toBeLessThan(20000);
  }, 30000);
});
