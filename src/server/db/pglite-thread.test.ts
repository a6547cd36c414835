/**
 * The embedded database on its own thread behaves, for its callers, like a database on the
 * main thread: errors keep their PostgreSQL fields, a failed transaction leaves nothing,
 * statements sent while a transaction is open wait for it, and a closed database says so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPgliteThread, type ThreadDb } from './pglite-thread.ts';

describe('PGlite on a worker thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
  let db: ThreadDb;

  beforeAll(async () => {
    db = await openPgliteThread(dir);
    await db.exec('CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL, at timestamptz, data jsonb)');
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers rows with the types PGlite parsed', async () => {
    await db.query('INSERT INTO item VALUES ($1, $2, $3, $4)', [
      1,
      'uno',
      new Date('2026-01-02T03:04:05Z'),
      { a: [1, 2] },
    ]);
    const { rows } = await db.query<{ id: number; name: string; at: Date; data: unknown }>(
      'SELECT * FROM item WHERE id = 1',
    );
    expect(rows).toEqual([{ id: 1, name: 'uno', at: new Date('2026-01-02T03:04:05Z'), data: { a: [1, 2] } }]);
    expect(rows[0]?.at).toBeInstanceOf(Date);
  });

  it('a database error keeps its message and PostgreSQL code', async () => {
    const err = await db
      .query('INSERT INTO item (id, name) VALUES (1, $1)', ['otro'])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/duplicate key/);
    expect((err as { code?: string }).code).toBe('23505');
  });

  it('a transaction that throws leaves nothing behind, and its error reaches the caller', async () => {
    const boom = new Error('regla de negocio');
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO item (id, name) VALUES (2, 'dos')");
        await tx.transaction(async (inner) => inner.query("INSERT INTO item (id, name) VALUES (3, 'tres')"));
        throw boom;
      }),
    ).rejects.toBe(boom);
    const { rows } = await db.query('SELECT id FROM item WHERE id IN (2, 3)');
    expect(rows).toEqual([]);
  });

  it('a transaction commits its statements together and answers its result', async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query("INSERT INTO item (id, name) VALUES (4, 'cuatro')");
      await tx.query("INSERT INTO item (id, name) VALUES (5, 'cinco')");
      return 'hecho';
    });
    expect(result).toBe('hecho');
    const { rows } = await db.query<{ id: number }>('SELECT id FROM item WHERE id IN (4, 5) ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual([4, 5]);
  });

  it('a statement sent while a transaction is open waits for its end (it never runs inside it)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const tx = db.transaction(async (t) => {
      await t.query("INSERT INTO item (id, name) VALUES (6, 'seis')");
      opened();
      await held;
      throw new Error('deshacer');
    });
    await isOpen;
    // Run inside the open transaction (one connection), it would see the uncommitted row.
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM item WHERE id = 6');
    release();
    await expect(tx).rejects.toThrow('deshacer');
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('a transaction whose statement failed, even if the caller went on, commits nothing and says so', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO item (id, name) VALUES (7, 'siete')");
        await tx.query('INSERT INTO item (id, name) VALUES (1, $1)', ['repetido']).catch(() => undefined);
        return 'sigue';
      }),
    ).rejects.toThrow(/rolled back/);
    expect((await db.query('SELECT id FROM item WHERE id = 7')).rows).toEqual([]);
  });

  it('a statement whose first run failed runs again once its cause is gone', async () => {
    const insert = 'INSERT INTO item (id, name) VALUES ($1, $2)';
    await expect(db.query(insert, [1, 'repetido'])).rejects.toThrow(/duplicate key/);
    await db.query(insert, [8, 'ocho']);
    await db.query(insert, [9, 'nueve']);
    const { rows } = await db.query<{ id: number }>('SELECT id FROM item WHERE id IN (8, 9) ORDER BY id');
    expect(rows.map((r) => r.id)).toEqual([8, 9]);
  });

  it('a statement reuses one plan, and is prepared again after 50 runs as its table grows', async () => {
    await db.exec('CREATE TABLE grow (id int PRIMARY KEY, v text NOT NULL)');
    const lookup = 'SELECT v FROM grow WHERE id = $1';
    const prepared = () =>
      db.query<{ generic_plans: number; custom_plans: number }>(
        'SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement = $1',
        [lookup],
      );
    for (let i = 0; i < 40; i++) await db.query(lookup, [i]);
    const early = (await prepared()).rows;
    expect(early).toHaveLength(1);
    expect(early[0]!.generic_plans).toBeGreaterThan(0);
    await db.exec("INSERT INTO grow SELECT i, 'v' || i FROM generate_series(1, 5000) i");
    let found: unknown[] = [];
    for (let i = 40; i < 60; i++) found = (await db.query(lookup, [i * 50])).rows;
    expect(found).toEqual([{ v: 'v2950' }]);
    // The first statement was dropped when the second was prepared: one statement, ten runs old.
    const later = (await prepared()).rows;
    expect(later).toHaveLength(1);
    expect(later[0]!.generic_plans + later[0]!.custom_plans).toBe(10);
  });

  it('many statements at once all answer, each with its own rows', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => db.query<{ v: number }>('SELECT $1::int AS v', [i])),
    );
    expect(answers.map((a) => a.rows[0]?.v)).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });
});

describe('PGlite thread lifecycle', () => {
  it('after close, a statement is refused with a clear error', { timeout: 120000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
    const db = await openPgliteThread(dir);
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow(/embedded database's thread stopped/);
    rmSync(dir, { recursive: true, force: true });
  });
});
