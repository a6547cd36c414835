/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) twin next to every js, css, html, svg and json
 * file of the built site, at maximum quality, so the server sends compressed files without
 * compressing on each request. Run after `vite build` (the `build` script does).
 *
 *   node --import tsx scripts/precompress.ts [dir]   # default: dist
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/** Every file under `dir` (recursively). */
function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? walk(join(dir, d.name)) : [join(dir, d.name)],
  );
}

/** Compresses the site under `dir`; answers what was written. */
export function precompress(dir: string): { files: number; bytes: number; brotli: number; gzip: number } {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const file of walk(dir).filter((f) => COMPRESSIBLE.test(f))) {
    const data = readFileSync(file);
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
    writeFileSync(file + '.br', br);
    writeFileSync(file + '.gz', gz);
    totals.files++;
    totals.bytes += data.length;
    totals.brotli += br.length;
    totals.gzip += gz.length;
  }
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = resolve(process.argv[2] ?? 'dist');
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    console.error(`No existe ${dir}: ejecute primero "vite build".`);
    process.exitCode = 1;
  } else {
    const t = precompress(dir);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    console.log(
      `precompress: ${t.files} archivos, ${kb(t.bytes)} → brotli ${kb(t.brotli)}, gzip ${kb(t.gzip)}`,
    );
  }
}
