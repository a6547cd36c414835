import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../src/server/test-support.ts';
import { BUILD_INPUTS, buildReason, inputsHash, STAMP } from './build-if-changed.ts';

const dirs: { cleanup(): void }[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.cleanup();
});

function project(): string {
  const t = tempDir('build-inputs');
  dirs.push(t);
  mkdirSync(join(t.dir, 'src/web/views'), { recursive: true });
  writeFileSync(join(t.dir, 'src/web/views/form.tsx'), 'export const a = 1;\n');
  writeFileSync(join(t.dir, 'index.html'), '<!doctype html>\n');
  mkdirSync(join(t.dir, 'src/server'), { recursive: true });
  writeFileSync(join(t.dir, 'src/server/app.ts'), 'export {};\n');
  return t.dir;
}

describe('npm start builds only when the sources changed', () => {
  it('hashes the build inputs: a change to any of them changes the hash, the server code does not', () => {
    const root = project();
    const first = inputsHash(root, {});
    expect(inputsHash(root, {})).toBe(first);
    writeFileSync(join(root, 'src/server/app.ts'), 'export const changed = true;\n');
    expect(inputsHash(root, {})).toBe(first);
    writeFileSync(join(root, 'src/web/views/form.tsx'), 'export const a = 2;\n');
    const second = inputsHash(root, {});
    expect(second).not.toBe(first);
    writeFileSync(join(root, 'src/web/views/new.tsx'), '');
    expect(inputsHash(root, {})).not.toBe(second);
    expect(inputsHash(root, { VITE_CAPTCHA_SITE_KEY: 'clave' })).not.toBe(inputsHash(root, {}));
  });

  it('covers the site, the engine, flows, schemas, texts, static files and the build configuration', () => {
    for (const input of [
      'src/web',
      'src/engine',
      'flows',
      'schemas',
      'i18n',
      'public',
      'index.html',
      'vite.config.ts',
      'package-lock.json',
    ])
      expect(BUILD_INPUTS).toContain(input);
  });

  it('builds without a build, or when the recorded inputs differ; skips when they match', () => {
    const root = project();
    const dist = join(root, 'dist');
    const hash = inputsHash(root, {});
    expect(buildReason(dist, hash)).toMatch(/no hay una compilación/);
    mkdirSync(dist);
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    expect(buildReason(dist, hash)).toMatch(/no registra/);
    writeFileSync(join(dist, STAMP), 'otro\n');
    expect(buildReason(dist, hash)).toMatch(/cambiaron/);
    writeFileSync(join(dist, STAMP), hash + '\n');
    expect(buildReason(dist, hash)).toBeNull();
  });
});
