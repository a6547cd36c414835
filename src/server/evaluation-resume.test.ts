/**
 * Pending policy evaluations survive a stop: an evaluation requested before the service stops
 * (gracefully, or with its timers lost as in a crash) is answered after the next start, with
 * its stored result and socket result; and an evaluation is decided once even when two
 * instances (two connections to one PostgreSQL) run it at the same moment.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp, type BuiltApp } from './app.ts';
import { provePhone, testSettings, tempDir, writeFixtureSite } from './test-support.ts';
import { openDb, type DbLocation } from './db/open-db.ts';
import {
  answerEvaluations,
  type DecideEvaluation,
  type AnnounceEvaluation,
} from './domain/lde/evaluation-store.ts';

const serverUrl = process.env.TEST_DATABASE_URL ?? null;
const temp = tempDir('resume');
writeFixtureSite(join(temp.dir, 'dist'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  temp.cleanup();
});

async function postgresUrl(): Promise<string> {
  const schema = `resume_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: serverUrl! });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  cleanups.push(async () => {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  });
  const url = new URL(serverUrl!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}

let dniSeq = 0;
/** Pre-evaluates a fresh unlisted DNI; answers the prospect and evaluation ids. */
async function preEvaluate(built: BuiltApp): Promise<{ prospect: number; evaluation: number }> {
  const r = await built.app.inject({
    method: 'POST',
    url: '/v4/prospecto/v2.0/producto/lde',
    payload: {
      tipoDocumento: 1,
      documento: String(41000000 + ++dniSeq * 13),
      // A phone per applicant: a number receives at most 3 codes in 10 minutes.
      fechaNacimiento: '1990-05-10',
      placa: 'ABC-123',
      recorridoxDia: 3,
      telefono: `9${41000000 + dniSeq * 13}`,
      email: 'cliente@example.pe',
      terms: '1',
      codigoProducto: 30,
    },
  });
  expect(r.statusCode).toBe(200);
  const p = r.json<{ prospecto: { codigoProspecto: number; codigoEvaluacion: number } }>().prospecto;
  expect(p.codigoEvaluacion).toBeGreaterThan(0);
  await provePhone(built.app, {
    documento: String(41000000 + dniSeq * 13),
    telefono: `9${41000000 + dniSeq * 13}`,
  });
  return { prospect: p.codigoProspecto, evaluation: p.codigoEvaluacion };
}

async function evaluationOf(built: BuiltApp, id: number): Promise<number | null> {
  const { rows } = await built.db!.query<{ resultado: number | null }>(
    'SELECT resultado FROM lde_evaluations WHERE id = $1',
    [id],
  );
  return rows[0]?.resultado ?? null;
}

async function waitForAnswer(built: BuiltApp, id: number): Promise<number> {
  const deadline = Date.now() + 20000;
  for (;;) {
    const r = await evaluationOf(built, id);
    if (r !== null) return r;
    if (Date.now() > deadline) throw new Error(`la evaluación ${id} no se respondió tras el reinicio`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('pending evaluations after a restart', () => {
  it.each(['graceful stop', 'lost timers (crash)'] as const)(
    '%s: the evaluation is answered after the next start',
    async (how) => {
      const dir = join(temp.dir, how.replace(/\W+/g, '-'));
      writeFixtureSite(join(dir, 'dist'));
      const env: Record<string, string> = serverUrl !== null ? { DATABASE_URL: await postgresUrl() } : {};
      const first = await buildApp(testSettings(dir, { ...env, SANDBOX_EVALUATION_DELAY_MS: '600000' }));
      const created = await preEvaluate(first);
      if (how === 'lost timers (crash)') {
        // As a killed process: the timers are gone and nothing more runs; only the database stays.
        first.services!.cancelLater();
      }
      await first.close();

      const second = await buildApp(testSettings(dir, { ...env, SANDBOX_EVALUATION_DELAY_MS: '0' }));
      try {
        const resultado = await waitForAnswer(second, created.evaluation);
        expect(resultado).toBe(1);
        // The socket result is stored, so the applicant's page receives it when it reconnects.
        const { rows } = await second.db!.query<{ event: string; payload: { resultado: number } }>(
          "SELECT event, payload FROM socket_results WHERE namespace = '/credinstante' AND room = $1",
          [String(created.prospect)],
        );
        expect(rows[0]?.event).toBe('evaluacion');
        expect(rows[0]?.payload.resultado).toBe(1);
      } finally {
        await second.close();
      }
    },
    120000,
  );

  it('an evaluation due in the future keeps what is left of its delay', async () => {
    const dir = join(temp.dir, 'future');
    writeFixtureSite(join(dir, 'dist'));
    const env: Record<string, string> = serverUrl !== null ? { DATABASE_URL: await postgresUrl() } : {};
    const first = await buildApp(testSettings(dir, { ...env, SANDBOX_EVALUATION_DELAY_MS: '600000' }));
    const created = await preEvaluate(first);
    await first.close();
    const second = await buildApp(testSettings(dir, { ...env, SANDBOX_EVALUATION_DELAY_MS: '600000' }));
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await evaluationOf(second, created.evaluation)).toBeNull();
    } finally {
      await second.close();
    }
  }, 120000);
});

describe('an evaluation is decided once', () => {
  const decide: DecideEvaluation = () =>
    Promise.resolve({ resultado: 1, detalle: null, motivos: [], estado: 1, datos: {} });
  const announce: AnnounceEvaluation = (p, a) => ({
    namespace: '/credinstante',
    room: String(p.id),
    event: 'evaluacion',
    payload: { resultado: a.resultado },
  });

  const kinds = serverUrl === null ? (['pglite'] as const) : (['pglite', 'postgres'] as const);
  it.each(kinds)(
    'on %s, two runners of the same evaluations at once decide each one once',
    async (kind) => {
      const dir = join(temp.dir, `twice-${kind}`);
      writeFixtureSite(join(dir, 'dist'));
      const env: Record<string, string> = kind === 'postgres' ? { DATABASE_URL: await postgresUrl() } : {};
      const app = await buildApp(testSettings(dir, { ...env, SANDBOX_EVALUATION_DELAY_MS: '600000' }));
      const jobs: { prospectId: number; evaluationId: number; now: number }[] = [];
      for (let i = 0; i < 20; i++) {
        const c = await preEvaluate(app);
        jobs.push({ prospectId: c.prospect, evaluationId: c.evaluation, now: Date.now() });
      }
      // A second instance: its own connections to the same database (PGlite has one owner, so
      // there both runners share it, as two batches of one process would).
      const where: DbLocation = { databaseUrl: env.DATABASE_URL ?? null, dataDir: join(dir, 'data') };
      const other = kind === 'postgres' ? await openDb(where) : app.db!;
      try {
        const [a, b] = await Promise.all([
          answerEvaluations(app.db!, jobs, decide, announce),
          answerEvaluations(other, [...jobs].reverse(), decide, announce),
        ]);
        const decidedByA = new Set(a.flatMap((x, i) => (x ? [jobs[i]!.evaluationId] : [])));
        const decidedByB = new Set(b.flatMap((x, i) => (x ? [jobs[jobs.length - 1 - i]!.evaluationId] : [])));
        for (const j of jobs)
          expect(Number(decidedByA.has(j.evaluationId)) + Number(decidedByB.has(j.evaluationId))).toBe(1);
        // A third run, after both committed, finds nothing left to decide.
        expect((await answerEvaluations(other, jobs, decide, announce)).every((x) => x === null)).toBe(true);
      } finally {
        if (other !== app.db) await other.close();
        await app.close();
      }
    },
    120000,
  );
});
