/**
 * Test helpers for the server suites: settings over a temporary data directory and a tiny
 * built-site fixture, so each suite runs against a real server without touching `./data`.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  mkdirSync,
  readFileSync,
  renameSync,
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
import { openDb } from './db/open-db.ts';

/** A temporary directory removed by `cleanup`. */
export function tempDir(prefix: string): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
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

/**
 * An embedded database with every migration applied and closed cleanly, made once per
 * migration set (kept in the system's temporary directory, shared by the processes of a test
 * run) and copied into each test server's data directory. PostgreSQL's `initdb` is most of a
 * fresh start: 3.5 s against 0.7 s from a copy on this project's CI machine, and the path tests
 * and the server suites start hundreds of servers. The copy is the database a fresh start
 * makes: the server opens it and runs its migrations (none left to apply).
 */
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = join(tmpdir(), `credito-pglite-${templateKey()}`);
    if (existsSync(join(dir, 'ready'))) return join(dir, 'pglite');
    // Made aside and moved into place whole: processes that start together each make one,
    // the first to finish keeps its own, and no process copies a half-made database.
    const making = mkdtempSync(join(tmpdir(), 'credito-pglite-making-'));
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

/** A running test server over a fresh temporary directory with the fixture site. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<BuiltApp & { dir: string; settings: Settings; stop(): Promise<void> }> {
  const t = tempDir('srv');
  writeFixtureSite(join(t.dir, 'dist'));
  const settings = testSettings(t.dir, env);
  if (settings.databaseUrl === null && options.db === undefined)
    cpSync(await pgliteTemplate(), join(settings.dataDir, 'pglite'), { recursive: true });
  const built = await buildApp(settings, options);
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
