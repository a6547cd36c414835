/**
 * Applies `src/server/db/migrations/NNNN_name.sql` in order, each in its own transaction, and
 * records it in `schema_migrations`. Number ranges belong to parts of the service (platform
 * 0001–0099, instant credit 0100–0199, vehicles 0200–0299, existing customers 0300–0399), so
 * parts add files without touching each other's. An advisory lock keeps two instances from migrating at once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../sandbox/types.ts';

/** A database that also runs multi-statement scripts, inside transactions too. */
export type ExecDb = Db & { exec(sql: string): Promise<void> };

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const NAME = /^(\d{4})_[a-z0-9_-]+\.sql$/;

/** The migration files, in the order they apply. */
export function listMigrations(dir: string = MIGRATIONS_DIR): { version: string; file: string }[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql'));
  const bad = files.filter((f) => !NAME.test(f));
  if (bad.length > 0)
    throw new Error(`Migraciones con nombre inválido en ${dir}: ${bad.join(', ')} (use NNNN_nombre.sql)`);
  const seen = new Map<string, string>();
  for (const f of files) {
    const v = f.slice(0, 4);
    const other = seen.get(v);
    if (other !== undefined)
      throw new Error(`Dos migraciones con el número ${v}: ${other} y ${f}; renumere una`);
    seen.set(v, f);
  }
  return files.sort().map((file) => ({ version: file.slice(0, 4), file: `${dir}${file}` }));
}

/** Brings the schema up to date; returns the versions applied now. */
export async function runMigrations(db: ExecDb, dir?: string): Promise<string[]> {
  await db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
  for (const m of listMigrations(dir)) {
    const sql = readFileSync(m.file, 'utf8');
    const did = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(4242001)');
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (rows.length > 0) return false;
      await (tx as ExecDb).exec(sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        m.version,
        m.file.split('/').pop(),
      ]);
      return true;
    });
    if (did) applied.push(m.version);
  }
  return applied;
}
