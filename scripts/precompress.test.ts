import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompress } from './precompress.ts';
import { tempDir } from '../src/server/test-support.ts';

describe('precompress', () => {
  it('writes brotli and gzip twins that decompress to the original, for text files only', () => {
    const t = tempDir('precompress');
    try {
      mkdirSync(join(t.dir, 'assets'));
      const js = 'export const a = "' + 'hola '.repeat(500) + '";';
      writeFileSync(join(t.dir, 'assets', 'app-1.js'), js);
      writeFileSync(join(t.dir, 'index.html'), '<!doctype html><title>x</title>');
      writeFileSync(join(t.dir, 'logo.png'), Buffer.from([137, 80, 78, 71]));
      const totals = precompress(t.dir);
      expect(totals.files).toBe(2);
      expect(brotliDecompressSync(readFileSync(join(t.dir, 'assets', 'app-1.js.br'))).toString()).toBe(js);
      expect(gunzipSync(readFileSync(join(t.dir, 'assets', 'app-1.js.gz'))).toString()).toBe(js);
      expect(readFileSync(join(t.dir, 'assets', 'app-1.js.br')).length).toBeLessThan(js.length / 10);
      expect(existsSync(join(t.dir, 'index.html.br'))).toBe(true);
      expect(existsSync(join(t.dir, 'logo.png.br'))).toBe(false);
    } finally {
      t.cleanup();
    }
  });
});
