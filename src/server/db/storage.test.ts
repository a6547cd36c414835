/**
 * The storage suite: the same tests against the embedded database (PGlite) and, when
 * `TEST_DATABASE_URL` or `DATABASE_URL` names a server, against PostgreSQL, each run in a
 * fresh schema of its own that is dropped afterwards.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDb, type DbLocation, type PlatformDb } from './open-db.ts';
import { listMigrations, runMigrations } from './migrate.ts';
import { IdempotencyStore } from '../idempotency.ts';
import { tempDir } from '../test-support.ts';

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? null;
if (serverUrl === null) console.log('PostgreSQL: no server (DATABASE_URL unset): ran PGlite only');

const temp = tempDir('storage');
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
  temp.cleanup();
});

/** A location that a second `openDb` reaches again (the restart test). */
async function location(kind: 'pglite' | 'postgres'): Promise<DbLocation> {
  if (kind === 'pglite') return { databaseUrl: null, dataDir: join(temp.dir, 'pglite-suite') };
  const schema = `storage_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl! });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  cleanups.push(async () => {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  });
  const url = new URL(serverUrl!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { databaseUrl: url.toString(), dataDir: temp.dir };
}

const kinds = serverUrl === null ? (['pglite'] as const) : (['pglite', 'postgres'] as const);

describe.each(kinds)('storage on %s', (kind) => {
  let where: DbLocation;
  let db: PlatformDb;

  it('opens, applies every migration in order once and records it', async () => {
    where = await location(kind);
    db = await openDb(where);
    expect(db.kind).toBe(kind);
    const { rows } = await db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => r.version)).toEqual(listMigrations().map((m) => m.version));
    expect(await runMigrations(db)).toEqual([]);
    // Creating an embedded cluster takes seconds, more on a busy machine.
  }, 180000);

  it('returns values with the same types on either database', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    await db.query('INSERT INTO settings_kv (key, value) VALUES ($1, $2)', [
      'tipos',
      JSON.stringify({ a: [1, 'dos'], b: null }),
    ]);
    await db.query('INSERT INTO sms_outbox (celular, texto, enviado_en) VALUES ($1, $2, $3)', [
      '987654321',
      'ñandú áéí',
      at,
    ]);
    const { rows } = await db.query<{
      id: number;
      texto: string;
      enviado_en: Date;
      value: unknown;
      token: null;
      n: number;
    }>(
      `SELECT o.id, o.texto, o.enviado_en, o.token, k.value, count(*) OVER ()::int AS n
         FROM sms_outbox o, settings_kv k WHERE k.key = 'tipos'`,
    );
    const row = rows[0]!;
    expect(typeof row.id).toBe('number');
    expect(row.texto).toBe('ñandú áéí');
    expect(row.enviado_en).toBeInstanceOf(Date);
    expect(row.enviado_en.toISOString()).toBe(at.toISOString());
    expect(row.value).toEqual({ a: [1, 'dos'], b: null });
    expect(row.token).toBeNull();
    expect(row.n).toBe(1);
  });

  it('a transaction commits together or not at all', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO settings_kv (key, value) VALUES ('tx-ok-1', '1')");
      await tx.query("INSERT INTO settings_kv (key, value) VALUES ('tx-ok-2', '2')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO settings_kv (key, value) VALUES ('tx-bad', '1')");
        throw new Error('abortar');
      }),
    ).rejects.toThrow('abortar');
    const { rows } = await db.query<{ key: string }>(
      "SELECT key FROM settings_kv WHERE key LIKE 'tx-%' ORDER BY key",
    );
    expect(rows.map((r) => r.key)).toEqual(['tx-ok-1', 'tx-ok-2']);
  });

  it('an idempotency key is claimed by exactly one of two concurrent requests', async () => {
    const store = new IdempotencyStore(db, 5);
    const [a, b] = await Promise.all([store.claim('k1', 'e', 'h', 0), store.claim('k1', 'e', 'h', 0)]);
    expect([a.kind, b.kind].sort()).toEqual(['busy', 'first']);
    await store.complete('k1', 'e', {
      status: 201,
      contentType: 'application/pdf',
      body: Buffer.from([0, 1, 2, 255]),
    });
    const replay = await store.claim('k1', 'e', 'h', 0);
    expect(replay.kind === 'replay' && [...replay.answer.body]).toEqual([0, 1, 2, 255]);
    expect((await store.claim('k1', 'e', 'otro', 0)).kind).toBe('conflict');
  });

  it('what was written survives a restart (write, close, reopen, read)', async () => {
    await db.query('INSERT INTO settings_kv (key, value) VALUES ($1, $2)', [
      'reinicio',
      JSON.stringify({ guardado: true }),
    ]);
    await db.close();
    db = await openDb(where);
    const { rows } = await db.query<{ value: unknown }>(
      "SELECT value FROM settings_kv WHERE key = 'reinicio'",
    );
    expect(rows[0]?.value).toEqual({ guardado: true });
    await db.close();
  }, 120000);
});

describe('migration files', () => {
  it('are named NNNN_name.sql with unique numbers; a bad name or a reused number stops the start', () => {
    const dir = join(temp.dir, 'migrations-bad');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '0001_a.sql'), 'SELECT 1;');
    writeFileSync(join(dir, '0002_b.sql'), 'SELECT 1;');
    expect(listMigrations(dir + '/').map((m) => m.version)).toEqual(['0001', '0002']);
    writeFileSync(join(dir, '0002_c.sql'), 'SELECT 1;');
    expect(() => listMigrations(dir + '/')).toThrow(/0002/);
    writeFileSync(join(dir, 'extra.sql'), 'SELECT 1;');
    expect(() => listMigrations(dir + '/')).toThrow(/extra\.sql/);
  });
});
