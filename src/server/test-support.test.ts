import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listMigrations } from './db/migrate.ts';
import { startTestApp } from './test-support.ts';

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
