/**
 * Test helpers for running several server instances on one database, as behind a load
 * balancer: a PostgreSQL server when `TEST_DATABASE_URL` names one (in a fresh schema dropped
 * afterwards), otherwise one embedded database opened once and shared by the instances of the
 * test process (the embedded database cannot be opened by two processes).
 */
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { openDb, type PlatformDb } from './db/open-db.ts';
import { buildApp, type BuiltApp } from './app.ts';
import type { Settings } from './settings.ts';
import { tempDir, testSettings, writeFixtureSite } from './test-support.ts';

/** One database for several instances. */
export interface SharedDatabase {
  db: PlatformDb;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Opens the shared database and says which kind it is. */
export async function openSharedDatabase(): Promise<SharedDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL ?? null;
  const t = tempDir('cluster-db');
  if (serverUrl === null) {
    const db = await openDb({ databaseUrl: null, dataDir: t.dir });
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await db.close();
        t.cleanup();
      },
    };
  }
  const schema = `cluster_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(serverUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDb({ databaseUrl: url.toString(), dataDir: t.dir });
  return {
    db,
    kind: 'postgres',
    close: async () => {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
      t.cleanup();
    },
  };
}

/** A listening instance. */
export interface Instance extends BuiltApp {
  settings: Settings;
  /** `http://127.0.0.1:port` */
  url: string;
  stop(): Promise<void>;
}

/** Starts one instance on the shared database, listening on a free port. */
export async function startInstance(
  shared: SharedDatabase,
  env: Record<string, string> = {},
): Promise<Instance> {
  const t = tempDir('instance');
  writeFixtureSite(join(t.dir, 'dist'));
  // One link-signing secret for all: a link one instance signs opens on any other.
  const settings = testSettings(t.dir, { JWT_SECRET: 'a-cluster-test-secret-of-at-least-32-chars', ...env });
  const built = await buildApp(settings, { db: shared.db });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (built.app.server.address() as AddressInfo).port;
  return {
    ...built,
    settings,
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await built.close();
      t.cleanup();
    },
  };
}
