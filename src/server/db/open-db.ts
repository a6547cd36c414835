/**
 * Opens the service's database: the embedded PostgreSQL (PGlite, one directory under
 * `DATA_DIR/pglite`) by default, or a PostgreSQL server when `DATABASE_URL` is set. Both run
 * the same SQL (`$1` placeholders) and the same migrations, and both parse values the same
 * way (int8 as number when safe, numeric as text, timestamptz as Date, json as objects).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { runMigrations, type ExecDb } from './migrate.ts';
import { openPgliteThread } from './pglite-thread.ts';

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
  // On its own thread: SQL takes the second core instead of turns with HTTP (pglite-thread.ts).
  return { kind: 'pglite', ...(await openPgliteThread(dir)) };
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
