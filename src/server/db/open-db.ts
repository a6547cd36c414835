/**
 * Opens the service's database: the embedded PostgreSQL (PGlite, one directory under
 * `DATA_DIR/pglite`) by default, or a PostgreSQL server when `DATABASE_URL` is set. Both run
 * the same SQL (`$1` placeholders) and the same migrations, and both parse values the same
 * way (int8 as number when safe, numeric as text, timestamptz as Date, json as objects).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { runMigrations, type ExecDb } from './migrate.ts';

/** The platform's handle: the handlers' `Db` plus script execution and shutdown. */
export interface PlatformDb extends ExecDb {
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Where the database lives: a server URL or the embedded directory. */
export interface DbLocation {
  databaseUrl: string | null;
  dataDir: string;
}

/** Opens the database and brings its schema up to date. */
export async function openDb(location: DbLocation): Promise<PlatformDb> {
  const db =
    location.databaseUrl !== null ? openPostgres(location.databaseUrl) : await openPglite(location.dataDir);
  try {
    await runMigrations(db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

async function openPglite(dataDir: string): Promise<PlatformDb> {
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const lite = await PGlite.create(dir);
  // Commits reach the operating system at once but are not each waited on to the disk: a
  // killed process loses nothing (the OS holds the writes), only a power cut can lose the last
  // fraction of a second. This triples the write rate of the embedded database, which answers
  // one process's requests one statement at a time.
  await lite.exec('SET synchronous_commit TO off');
  const wrapTx = (tx: Transaction): ExecDb => ({
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await tx.query<T>(sql, params)).rows }),
    // One connection: a nested transaction joins the open one.
    transaction: (fn) => fn(wrapTx(tx)),
    exec: async (sql: string) => {
      await tx.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await lite.query<T>(sql, params)).rows }),
    transaction: (fn) => lite.transaction((tx) => fn(wrapTx(tx))),
    exec: async (sql) => {
      await lite.exec(sql);
    },
    close: () => lite.close(),
  };
}

const INT8 = 20;

function openPostgres(url: string): PlatformDb {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8) return (v: string) => (Number.isSafeInteger(Number(v)) ? Number(v) : BigInt(v));
        const builtIn: unknown =
          format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
        return builtIn;
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its server connection must not crash the process.
  pool.on('error', () => undefined);
  const wrapClient = (client: pg.PoolClient): ExecDb => ({
    query: async <T>(sql: string, params?: unknown[]) => ({
      rows: (await client.query(sql, params)).rows as T[],
    }),
    transaction: (fn) => fn(wrapClient(client)),
    // Without parameters pg uses the simple protocol, which runs several statements.
    exec: async (sql: string) => {
      await client.query(sql);
    },
  });
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params?: unknown[]) => ({
      rows: (await pool.query(sql, params)).rows as T[],
    }),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrapClient(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
