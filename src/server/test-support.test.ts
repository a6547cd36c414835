import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listMigrations } from './db/migrate.ts';
import { emptyDatabase } from './db/empty-database.ts';
import type { PlatformDb } from './db/open-db.ts';
import {
  openTestDb,
  provePhone,
  scratchRoot,
  startTestApp,
  sweepOrphans,
  sweepTemplates,
  tempDir,
} from './test-support.ts';

describe('test servers start from a migrated database template', () => {
  const started: { stop(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const app of started) await app.stop();
  });

  it('gives each server a database of its own with every migration applied', async () => {
    const one = await startTestApp();
    const two = await startTestApp();
    started.push(one, two);
    expect(join(one.settings.dataDir, 'pglite')).not.toBe(join(two.settings.dataDir, 'pglite'));
    const applied = await one.db!.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(applied.rows.map((r) => r.version)).toEqual(listMigrations().map((m) => m.version));
    // Copies of one database: initdb gives every database it makes an identifier of its own.
    const identifier = async (app: typeof one) =>
      (await app.db!.query<{ id: string }>('SELECT system_identifier::text AS id FROM pg_control_system()'))
        .rows[0]!.id;
    expect(await identifier(one)).toBe(await identifier(two));
    // A row written by one server is not seen by the other, nor by the next one started.
    await one.db!.exec('CREATE TABLE only_here (x int)');
    const seen = async (app: typeof one) =>
      (
        await app.db!.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_here'",
        )
      ).rows[0]!.n;
    expect(await seen(one)).toBe(1);
    expect(await seen(two)).toBe(0);
    const three = await startTestApp();
    started.push(three);
    expect(await seen(three)).toBe(0);
  });
});

describe('where the tests keep their files', () => {
  it('uses the memory-backed directory when it has room, else the system temporary directory', () => {
    const root = mkdtempSync(join(tmpdir(), 'scratch-'));
    try {
      expect(scratchRoot(root, 1)).toBe(root);
      // Not enough room, or no such directory: the system's temporary directory.
      expect(scratchRoot(root, Number.MAX_SAFE_INTEGER)).toBe(tmpdir());
      expect(scratchRoot(join(root, 'missing'), 1)).toBe(tmpdir());
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("sweeps other migration sets' templates untouched for a day, and keeps the current one", () => {
    const root = mkdtempSync(join(tmpdir(), 'templates-'));
    try {
      const day = 24 * 60 * 60 * 1000;
      const make = (name: string, ageMs: number) => {
        mkdirSync(join(root, name, 'pglite'), { recursive: true });
        const at = new Date(Date.now() - ageMs);
        utimesSync(join(root, name), at, at);
      };
      make('credito-pglite-00000000000000aa', 2 * day); // another set, old: swept
      make('credito-pglite-00000000000000bb', 60_000); // another set, recent: another run may copy it
      make('credito-pglite-00000000000000cc', 2 * day); // the current set: kept
      make('credito-pglite-making-x1', 2 * day); // not a template's name: left
      make('srv-abc', 2 * day);
      expect(sweepTemplates(root, 'credito-pglite-00000000000000cc')).toEqual([
        'credito-pglite-00000000000000aa',
      ]);
      expect(readdirSync(root).sort()).toEqual([
        'credito-pglite-00000000000000bb',
        'credito-pglite-00000000000000cc',
        'credito-pglite-making-x1',
        'srv-abc',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('one database for many test servers, emptied between them', () => {
  /** Every table's rows and every sequence's last value: what a server could tell apart. */
  const contents = async (db: PlatformDb) => {
    const tables = await db.query<{ name: string }>(
      "SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    );
    const rows: Record<string, number> = {};
    for (const { name } of tables.rows)
      if (name !== 'public.schema_migrations')
        rows[name] = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`)).rows[0]!.n;
    const sequences = await db.query<{ name: string; last: string | null }>(
      'SELECT sequencename AS name, last_value::text AS last FROM pg_sequences ORDER BY 1',
    );
    const migrations = await db.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY 1',
    );
    return { rows, sequences: sequences.rows, migrations: migrations.rows };
  };

  it('holds, once emptied, what a fresh copy of the template holds, and serves the next server', async () => {
    const fresh = await openTestDb();
    const shared = await openTestDb();
    try {
      const first = await startTestApp({}, { db: shared.db });
      await provePhone(first.app, { documento: '45678912', telefono: '987654321' });
      await first.stop();
      const before = await contents(fresh.db);
      // The server wrote: the test below could tell a database left as it was.
      expect(await contents(shared.db)).not.toEqual(before);

      await emptyDatabase(shared.db);
      expect(await contents(shared.db)).toEqual(before);
      expect(Object.keys(before.rows).length).toBeGreaterThan(20);

      const second = await startTestApp({}, { db: shared.db });
      await provePhone(second.app, { documento: '45678912', telefono: '987654321' });
      await second.stop();
    } finally {
      await fresh.close();
      await shared.close();
    }
  });
});

describe('directories left by a run that was stopped', () => {
  it('are removed once their process is gone; those of running processes and others stay', () => {
    const root = mkdtempSync(join(tmpdir(), 'orphans-'));
    try {
      for (const name of [
        'credito-srv-4242-aB3dE9', // its process is gone: removed
        'credito-static-site-old-4242-Zz0011', // a prefix with dashes, process gone: removed
        `credito-db-${process.pid}-Qw12Er`, // this process: kept
        'credito-pglite-88d8ebbde0f7bb15', // a template: kept (swept by age, not here)
        'credito-pglite-making-Ab12Cd', // no process id: kept
        'PostgreSQL.1618991218', // not ours: kept
      ])
        mkdirSync(join(root, name));
      expect(sweepOrphans(root, (pid) => pid === process.pid).sort()).toEqual([
        'credito-srv-4242-aB3dE9',
        'credito-static-site-old-4242-Zz0011',
      ]);
      expect(readdirSync(root).sort()).toEqual([
        'PostgreSQL.1618991218',
        `credito-db-${process.pid}-Qw12Er`,
        'credito-pglite-88d8ebbde0f7bb15',
        'credito-pglite-making-Ab12Cd',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("names each temporary directory after this process, so a later run can tell it's orphaned", () => {
    const t = tempDir('named');
    try {
      expect(basename(t.dir)).toMatch(new RegExp(`^credito-named-${process.pid}-[A-Za-z0-9]{6}$`));
    } finally {
      t.cleanup();
    }
  });
});
