/**
 * Test helpers for the server suites: settings over a temporary data directory and a tiny
 * built-site fixture, so each suite runs against a real server without touching `./data`.
 */
import { createHash } from 'node:crypto';
import {
  accessSync,
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statfsSync,
  statSync,
  writeFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { readSettings, type Settings } from './settings.ts';
import { buildApp, type AppOptions, type BuiltApp } from './app.ts';
import { listMigrations } from './db/migrate.ts';
import { openDb, type PlatformDb } from './db/open-db.ts';

/** The room a scratch root must have free: a few dozen test servers' databases at once. */
const SCRATCH_ROOM = 2 ** 31;

/**
 * Where the tests' temporary directories go: Linux's memory-backed `/dev/shm` when it is there,
 * writable and has room, else the system's temporary directory. Every test server gets its own
 * copy of the 41 MB database template, deleted when it stops: on CI's disk, while a test run
 * writes too, that copy and delete took 2.0–2.7 s a server; in memory 0.25 s.
 */
export function scratchRoot(shm = '/dev/shm', room = SCRATCH_ROOM): string {
  try {
    accessSync(shm, constants.W_OK);
    const fs = statfsSync(shm);
    if (statSync(shm).isDirectory() && fs.bavail * fs.bsize >= room) return shm;
  } catch {
    // No such directory, or not ours to write: the system's temporary directory.
  }
  return tmpdir();
}

const SCRATCH = scratchRoot();

/** A temporary directory's name: `credito-<prefix>-<process id>-<six characters>`. */
const TEMP_NAME = /^credito-[a-z0-9-]+?-(\d+)-[A-Za-z0-9]{6}$/;

/** Whether process `pid` is running (one of another user's counts as running). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the temporary directories of `root` whose process is gone: a run stopped before its
 * servers did (Ctrl-C, a killed worker) leaves them behind, 41 MB each, in memory when the root
 * is `/dev/shm`. Returns the names removed.
 */
export function sweepOrphans(root: string, alive: (pid: number) => boolean = running): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(root)) {
    const pid = TEMP_NAME.exec(name)?.[1];
    if (pid === undefined || alive(Number(pid))) continue;
    rmSync(join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

let swept = false;

/** A temporary directory removed by `cleanup` (the first one of a process sweeps the orphans). */
export function tempDir(prefix: string): { dir: string; cleanup(): void } {
  if (!swept) {
    swept = true;
    sweepOrphans(SCRATCH);
  }
  const dir = mkdtempSync(join(SCRATCH, `credito-${prefix}-${process.pid}-`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The fixture site's index page and hashed asset, with their compressed twins. */
export const FIXTURE_INDEX =
  '<!doctype html><html lang="es"><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
export const FIXTURE_ASSET = `console.log(${JSON.stringify('x'.repeat(2000))});`;

/** Writes a small built site (index.html, one hashed asset, `.br` and `.gz` twins). */
export function writeFixtureSite(distDir: string): void {
  mkdirSync(join(distDir, 'assets'), { recursive: true });
  const files: [string, string][] = [
    ['index.html', FIXTURE_INDEX],
    ['assets/app-abc123.js', FIXTURE_ASSET],
  ];
  for (const [name, content] of files) {
    const path = join(distDir, name);
    writeFileSync(path, content);
    writeFileSync(path + '.br', brotliCompressSync(content));
    writeFileSync(path + '.gz', gzipSync(content));
  }
}

/** Settings for a test server: temporary data and site directories, quiet logs, overrides on top. */
export function testSettings(dir: string, env: Record<string, string> = {}): Settings {
  return readSettings(
    {
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: join(dir, 'dist'),
      LOG_LEVEL: 'silent',
      SANDBOX_EVALUATION_DELAY_MS: '0',
      // Every sandbox answer a test receives matches its call's response schema.
      SANDBOX_CHECK_ANSWERS: 'true',
      ...env,
    },
    dir,
  );
}

/**
 * What the embedded database's files depend on: the migrations, the worker that opens them and
 * the PGlite release. A change to any of them makes a new template.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const { file } of listMigrations()) hash.update(file).update(readFileSync(file));
  hash.update(readFileSync(fileURLToPath(new URL('./db/pglite-worker.mjs', import.meta.url))));
  hash.update(
    readFileSync(
      fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)),
    ),
  );
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<string> | undefined;

/** How long a template of other migrations is kept: another checkout's run may still copy it. */
const TEMPLATE_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the database templates of `root` made for other migration sets (a change to the
 * migrations, the worker or PGlite makes a new one) and not touched for a day; `keep`'s stays.
 * Returns the names removed.
 */
export function sweepTemplates(root: string, keep: string, now = Date.now()): string[] {
  const removed: string[] = [];
  for (const name of readdirSync(root)) {
    if (!/^credito-pglite-[0-9a-f]{16}$/.test(name) || name === keep) continue;
    const dir = join(root, name);
    try {
      if (now - statSync(dir).mtimeMs < TEMPLATE_KEPT_MS) continue;
      rmSync(dir, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // Removed meanwhile by another process.
    }
  }
  return removed;
}

/**
 * An embedded database with every migration applied and closed cleanly, made once per
 * migration set (kept in the scratch root, {@link scratchRoot}, shared by the processes of a
 * test run; those of older sets are swept after a day) and copied into each test server's data
 * directory. PostgreSQL's `initdb` is most of a fresh start: 3.5 s against 0.7 s from a copy on
 * this project's CI machine, and the path tests and the server suites start hundreds of servers. The copy is the database a fresh start
 * makes: the server opens it and runs its migrations (none left to apply).
 */
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const name = `credito-pglite-${templateKey()}`;
    const dir = join(SCRATCH, name);
    if (existsSync(join(dir, 'ready'))) return join(dir, 'pglite');
    sweepTemplates(SCRATCH, name);
    // Made aside and moved into place whole: processes that start together each make one,
    // the first to finish keeps its own, and no process copies a half-made database.
    const making = mkdtempSync(join(SCRATCH, 'credito-pglite-making-'));
    const db = await openDb({ databaseUrl: null, dataDir: making });
    await db.close();
    writeFileSync(join(making, 'ready'), '');
    try {
      renameSync(making, dir);
    } catch {
      rmSync(making, { recursive: true, force: true });
    }
    if (!existsSync(join(dir, 'ready'))) throw new Error(`no database template at ${dir}`);
    return join(dir, 'pglite');
  })();
  return template;
}

/**
 * An embedded database of its own, copied from the template, removed with `close`: for a run
 * that starts many test servers one after another (`startTestApp({}, { db })`), each after
 * `emptyDatabase` (src/server/db/empty-database.ts). Copying and opening a database is most of
 * a test server's start: 2.1–2.7 s, against 100–220 ms to empty one, on CI's machine.
 */
export async function openTestDb(): Promise<{ db: PlatformDb; close(): Promise<void> }> {
  const t = tempDir('db');
  try {
    cpSync(await pgliteTemplate(), join(t.dir, 'pglite'), { recursive: true });
    const db = await openDb({ databaseUrl: null, dataDir: t.dir });
    return {
      db,
      close: async () => {
        try {
          await db.close();
        } finally {
          t.cleanup();
        }
      },
    };
  } catch (err) {
    t.cleanup();
    throw err;
  }
}

/** A running test server over a fresh temporary directory with the fixture site. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<BuiltApp & { dir: string; settings: Settings; stop(): Promise<void> }> {
  const t = tempDir('srv');
  let settings: Settings;
  let built: BuiltApp;
  try {
    writeFixtureSite(join(t.dir, 'dist'));
    settings = testSettings(t.dir, env);
    if (settings.databaseUrl === null && options.db === undefined)
      cpSync(await pgliteTemplate(), join(settings.dataDir, 'pglite'), { recursive: true });
    built = await buildApp(settings, options);
  } catch (error) {
    // A start that fails (a test of a bad setting) leaves nothing behind.
    t.cleanup();
    throw error;
  }
  return {
    ...built,
    dir: t.dir,
    settings,
    stop: async () => {
      await built.close();
      t.cleanup();
    },
  };
}

/**
 * Proves an instant-credit applicant's phone through the service's own calls, as the site does
 * after the pre-evaluation: the code texted to `telefono` (read from the sandbox outbox) is
 * sent back. The application's policy evaluation goes on only then.
 */
export async function provePhone(
  app: BuiltApp['app'],
  { documento, telefono }: { documento: string; telefono: string },
): Promise<void> {
  const purpose = { documento, celular: telefono, grupo: 'CREDINSTANTE', tipo: 1 };
  const sent = await app.inject({ method: 'POST', url: '/kong/token/send', payload: purpose });
  if (sent.json<{ codRes: string }>().codRes !== '00') throw new Error(`no code texted to ${telefono}`);
  const outbox = await app.inject({ method: 'GET', url: `/__sandbox/outbox?celular=${telefono}` });
  const token = outbox.json<{ token?: string }[]>().find((m) => m.token !== undefined)?.token;
  const valid = await app.inject({
    method: 'POST',
    url: '/kong/token/valid',
    payload: { ...purpose, token },
  });
  if (valid.json<{ codRes: string }>().codRes !== '00')
    throw new Error(`the code of ${telefono} was refused`);
}
