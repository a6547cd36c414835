/**
 * Test helpers for the server suites: settings over a temporary data directory and a tiny
 * built-site fixture, so each suite runs against a real server without touching `./data`.
 */
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { readSettings, type Settings } from './settings.ts';
import { buildApp, type AppOptions, type BuiltApp } from './app.ts';

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

/** A running test server over a fresh temporary directory with the fixture site. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<BuiltApp & { dir: string; settings: Settings; stop(): Promise<void> }> {
  const t = tempDir('srv');
  writeFixtureSite(join(t.dir, 'dist'));
  const settings = testSettings(t.dir, env);
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
