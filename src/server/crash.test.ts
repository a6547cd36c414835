/**
 * Crash test: the real server process (`node --import tsx src/server/main.ts`) over a temporary
 * data directory takes a load of pre-evaluations and is killed with SIGKILL while they run; it
 * is started again on the same directory, and every application that was answered 2xx before
 * the kill must be in the database. Three rounds on the embedded database, and one on
 * PostgreSQL when `TEST_DATABASE_URL` names a server.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDb, type DbLocation } from './db/open-db.ts';
import { tempDir } from './test-support.ts';
import { freePort } from '../../scripts/lib/free-port.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL ?? null;

const temp = tempDir('crash');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  temp.cleanup();
});

interface Running {
  child: ChildProcess;
  url: string;
  exited: Promise<unknown>;
}

async function start(where: DbLocation): Promise<Running> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: where.dataDir,
    DIST_DIR: join(temp.dir, 'no-site'),
    LOG_LEVEL: 'silent',
    SANDBOX_EVALUATION_DELAY_MS: '60000',
  };
  delete env.UPSTREAM_URL;
  if (where.databaseUrl === null) delete env.DATABASE_URL;
  else env.DATABASE_URL = where.databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`el servidor terminó al arrancar (código ${child.exitCode})`);
    try {
      if ((await fetch(`${url}/__sandbox/scenarios`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('el servidor no respondió en 90 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, exited };
}

/** A distinct unlisted DNI (40000000–49999999 lie outside every scenario table). */
function dni(round: number, i: number): string {
  return String(40000000 + round * 100000 + i * 37);
}

async function preEvaluate(url: string, documento: string): Promise<number | null> {
  try {
    const r = await fetch(`${url}/v4/prospecto/v2.0/producto/lde`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        tipoDocumento: 1,
        documento,
        fechaNacimiento: '1990-05-10',
        placa: 'ABC-123',
        recorridoxDia: 3,
        telefono: '987654321',
        email: 'cliente@example.pe',
        terms: '1',
        codigoProducto: 30,
      }),
    });
    if (r.status < 200 || r.status > 299) return null;
    const body = (await r.json()) as { prospecto?: { codigoProspecto?: number } };
    return body.prospecto?.codigoProspecto ?? null;
  } catch {
    // The process died before answering: this one was never answered.
    return null;
  }
}

/**
 * Sends `total` pre-evaluations, 16 at a time, and kills the server with SIGKILL once
 * `killAfter` of them have been answered; answers the ids answered 2xx.
 */
async function loadAndKill(s: Running, round: number, total: number, killAfter: number): Promise<number[]> {
  const answered: number[] = [];
  let next = 0;
  let killed = false;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const id = await preEvaluate(s.url, dni(round, i));
      if (id !== null) answered.push(id);
      if (!killed && answered.length >= killAfter) {
        killed = true;
        s.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  if (!killed) s.child.kill('SIGKILL');
  await s.exited;
  return answered;
}

async function storedIds(where: DbLocation, ids: number[]): Promise<Set<number>> {
  const db = await openDb(where);
  try {
    const { rows } = await db.query<{ id: number }>(
      'SELECT id FROM lde_prospects WHERE id = ANY($1::bigint[])',
      [ids],
    );
    return new Set(rows.map((r) => Number(r.id)));
  } finally {
    await db.close();
  }
}

async function postgresLocation(): Promise<DbLocation> {
  const schema = `crash_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl! });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  cleanups.push(async () => {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  });
  const url = new URL(serverUrl!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { databaseUrl: url.toString(), dataDir: join(temp.dir, 'pg-data') };
}

const rounds: { name: string; kind: 'pglite' | 'postgres'; killAfter: number }[] = [
  { name: 'PGlite, round 1', kind: 'pglite', killAfter: 60 },
  { name: 'PGlite, round 2', kind: 'pglite', killAfter: 110 },
  { name: 'PGlite, round 3', kind: 'pglite', killAfter: 170 },
  ...(serverUrl !== null ? [{ name: 'PostgreSQL', kind: 'postgres' as const, killAfter: 100 }] : []),
];
if (serverUrl === null) console.log('crash: TEST_DATABASE_URL unset: ran PGlite only');

describe('kill -9 during a load of pre-evaluations', () => {
  it.each(rounds.map((r, i) => ({ ...r, round: i })))(
    '$name: every application answered 2xx is stored after a restart',
    async ({ kind, killAfter, round }) => {
      const where: DbLocation =
        kind === 'pglite'
          ? { databaseUrl: null, dataDir: join(temp.dir, `data-${round}`) }
          : await postgresLocation();
      const first = await start(where);
      const answered = await loadAndKill(first, round, 200, killAfter);
      expect(answered.length).toBeGreaterThanOrEqual(killAfter);

      // Started again on the same data: it opens (recovering what the kill left) and answers.
      const second = await start(where);
      const after = await preEvaluate(second.url, dni(round, 9999));
      expect(after).not.toBeNull();
      second.child.kill('SIGTERM');
      await second.exited;

      const stored = await storedIds(where, answered);
      const lost = answered.filter((id) => !stored.has(id));
      console.log(`crash (${kind}): ${answered.length} answered 2xx before kill -9, ${lost.length} lost`);
      expect(lost).toEqual([]);
    },
    120000,
  );
});
