import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { listMigrations } from './migrate.ts';
import { migratedMemoryDb } from './memory-db.ts';

/** The tables and columns of a database's schema, as one sorted list. */
async function schemaOf(db: PGlite): Promise<string[]> {
  const { rows } = await db.query<{ c: string }>(
    `SELECT table_name || '.' || column_name || ' ' || data_type AS c FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY 1`,
  );
  return rows.map((r) => r.c);
}

describe('migratedMemoryDb', () => {
  it('gives the schema the migrations make, in databases that share nothing', async () => {
    const direct = new PGlite();
    for (const m of listMigrations()) await direct.exec(readFileSync(m.file, 'utf8'));
    const [a, b] = [await migratedMemoryDb(), await migratedMemoryDb()];
    try {
      const expected = await schemaOf(direct);
      expect(expected.length).toBeGreaterThan(100);
      expect(await schemaOf(a)).toEqual(expected);
      await a.exec('CREATE TABLE probe (x int); INSERT INTO probe VALUES (1)');
      expect((await a.query('SELECT x FROM probe')).rows).toEqual([{ x: 1 }]);
      await expect(b.query('SELECT x FROM probe')).rejects.toThrow(/probe/);
      expect(await schemaOf(b)).toEqual(expected);
    } finally {
      await Promise.all([direct.close(), a.close(), b.close()]);
    }
  }, 60_000);
});
