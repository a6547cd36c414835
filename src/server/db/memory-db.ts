/**
 * In-memory embedded databases with every migration applied, for the handler suites' kits
 * (src/server/sandbox/handlers/lde/test-kit.ts, src/server/domain/vehicle/test-kit.ts).
 * Starting PGlite in memory runs `initdb` each time (3–5 s on CI's machine): the first database
 * a process asks for is migrated once and kept as a dump of its files, and every one after it
 * loads from that dump (about 1 s), as fresh as the first.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { listMigrations } from './migrate.ts';

let migrated: Promise<Blob> | undefined;

/** The files of a database with every migration applied, made once per process. */
function migratedFiles(): Promise<Blob> {
  migrated ??= (async () => {
    const lite = new PGlite();
    try {
      for (const m of listMigrations()) await lite.exec(readFileSync(m.file, 'utf8'));
      return await lite.dumpDataDir('none');
    } catch (error) {
      // A failed attempt is not kept: the next caller tries again.
      migrated = undefined;
      throw error;
    } finally {
      await lite.close();
    }
  })();
  return migrated;
}

/** A new in-memory database with every migration applied, sharing nothing with any other. */
export async function migratedMemoryDb(): Promise<PGlite> {
  const lite = new PGlite({ loadDataDir: await migratedFiles() });
  await lite.waitReady;
  return lite;
}
