import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../test-support.ts';
import { emptyDatabase } from './empty-database.ts';
import type { PlatformDb } from './open-db.ts';

describe('emptying a database back to what its migrations left', () => {
  let opened: Awaited<ReturnType<typeof openTestDb>>;
  let db: PlatformDb;
  beforeAll(async () => {
    opened = await openTestDb();
    db = opened.db;
    await db.exec(`
      CREATE TABLE parent_t (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, x int);
      CREATE TABLE child_t (id int GENERATED ALWAYS AS IDENTITY, parent int REFERENCES parent_t (id));
      CREATE TABLE drained_t (id int GENERATED ALWAYS AS IDENTITY, x int);`);
  });
  afterAll(() => opened.close());

  const lastIds = async () =>
    (
      await db.query<{ name: string; last: string | null }>(
        "SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE sequencename LIKE '%\\_t\\_id\\_seq' ORDER BY 1",
      )
    ).rows;

  it('empties every table, those referenced included, and numbers from the start again', async () => {
    await db.exec(`
      INSERT INTO parent_t (x) VALUES (1), (2);
      INSERT INTO child_t (parent) VALUES (1), (2);
      INSERT INTO drained_t (x) VALUES (7);
      DELETE FROM drained_t;`);
    expect((await lastIds()).map((s) => s.last)).toEqual(['2', '1', '2']);

    await emptyDatabase(db);

    const count = async (t: string) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0]!.n;
    expect([await count('parent_t'), await count('child_t'), await count('drained_t')]).toEqual([0, 0, 0]);
    // The table emptied by its own delete restarts too.
    expect((await lastIds()).map((s) => s.last)).toEqual([null, null, null]);
    const { rows } = await db.query<{ id: number }>('INSERT INTO drained_t (x) VALUES (8) RETURNING id');
    expect(rows[0]!.id).toBe(1);
  });

  it('keeps the record of the migrations applied', async () => {
    const before = await db.query('SELECT version FROM schema_migrations ORDER BY 1');
    expect(before.rows.length).toBeGreaterThan(10);
    await emptyDatabase(db);
    expect((await db.query('SELECT version FROM schema_migrations ORDER BY 1')).rows).toEqual(before.rows);
  });
});
