/**
 * `npm start`'s build step: builds the site only when no build exists or when an input of the
 * build changed since the last one, so a restart with nothing changed takes seconds.
 *
 * The inputs are hashed (SHA-256 of every file's path and content, and of the `VITE_*`
 * variables the build reads); the hash of the last build is kept in `dist/.build-inputs`
 * (a dotfile: the server never serves it).
 *
 *   node --import tsx scripts/build-if-changed.ts [--force]
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What the build reads: sources, flows, schemas, texts, static files, and its own configuration. */
export const BUILD_INPUTS = [
  'src/web',
  'src/engine',
  'flows',
  'schemas',
  'i18n',
  'public',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/precompress.ts',
  'scripts/lib',
  'src/server/route-preloads.ts',
  // The Vite plugins of vite.config.ts.
  ...readdirSync(join(ROOT, 'scripts'))
    .filter((f) => /^vite-.*\.ts$/.test(f) && !f.endsWith('.test.ts'))
    .map((f) => `scripts/${f}`),
];

/** Where the hash of the last build's inputs is kept. */
export const STAMP = '.build-inputs';

function filesOf(root: string, input: string): string[] {
  const path = join(root, input);
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [input];
  const out: string[] = [];
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    out.push(relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'));
  }
  return out;
}

/** The hash of the build's inputs under `root` and of the `VITE_*` variables of `env`. */
export function inputsHash(
  root: string = ROOT,
  env: NodeJS.ProcessEnv = process.env,
  inputs: readonly string[] = BUILD_INPUTS,
): string {
  const hash = createHash('sha256');
  const files = [...new Set(inputs.flatMap((i) => filesOf(root, i)))].sort();
  for (const file of files) {
    hash.update(file + '\0');
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  for (const key of Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort())
    hash.update(`${key}=${env[key]}\0`);
  return hash.digest('hex');
}

/** Why a build is needed, or null when `distDir` holds a build of exactly these inputs. */
export function buildReason(distDir: string, hash: string): string | null {
  if (!existsSync(join(distDir, 'index.html'))) return 'no hay una compilación en dist/';
  const stamp = join(distDir, STAMP);
  if (!existsSync(stamp)) return 'la compilación de dist/ no registra de qué fuentes salió';
  return readFileSync(stamp, 'utf8').trim() === hash
    ? null
    : 'las fuentes cambiaron desde la última compilación';
}

function main(): number {
  const distDir = join(ROOT, 'dist');
  const hash = inputsHash();
  const reason = process.argv.includes('--force') ? 'se pidió con --force' : buildReason(distDir, hash);
  if (reason === null) {
    console.log('El sitio ya está compilado con las fuentes actuales (dist/): no se recompila.');
    return 0;
  }
  console.log(`Compilando el sitio: ${reason}.`);
  const run = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) return run.status ?? 1;
  writeFileSync(join(distDir, STAMP), hash + '\n');
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main();
