/**
 * Which antd modules a set of built chunks carries, read from `.vite/chunk-modules.json`
 * (written by `scripts/vite-chunk-modules-plugin.ts`). A product that opens on a form must
 * carry none on its first step: its form uses the light widgets.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHUNK_MODULES_FILE } from '../vite-chunk-modules-plugin.ts';

/**
 * antd and the packages only antd brings (its icon components, rc components, css-in-js). Not
 * `@ant-design/icons-svg`: the icons' outlines as plain data (a few hundred bytes each, no
 * React, no styles), which the light views draw with their own `SvgIcon`.
 */
const ANTD = /^(antd|@ant-design\/(?!icons-svg\/)[^/]+|@rc-component\/[^/]+|rc-[^/]+)\//;

/** The chunk → npm modules table of a build, or null for a build made without the plugin. */
export function readChunkModules(dist: string): Record<string, string[]> | null {
  const file = join(dist, CHUNK_MODULES_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>) : null;
}

/** The antd-family modules bundled in `files` (chunk file names as in the manifest), sorted. */
export function antdModules(table: Record<string, string[]>, files: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const file of files) for (const m of table[file] ?? []) if (ANTD.test(m)) found.add(m);
  return [...found].sort();
}

/** "3 modules: antd/es/button, antd/es/config-provider (2)": the modules grouped by component or package, for a one-line report. */
export function describeModules(modules: string[]): string {
  const byDir = new Map<string, number>();
  for (const m of modules) {
    // antd by component (antd/es/button), the packages it brings by name (@ant-design/cssinjs).
    const parts = m.split('/');
    const dir =
      parts[0] === 'antd'
        ? parts.slice(0, Math.min(3, parts.length - 1)).join('/')
        : parts.slice(0, m.startsWith('@') ? 2 : 1).join('/');
    byDir.set(dir, (byDir.get(dir) ?? 0) + 1);
  }
  const dirs = [...byDir].map(([dir, n]) => (n > 1 ? `${dir} (${n})` : dir));
  const shown = dirs.length > 12 ? [...dirs.slice(0, 12), `… ${dirs.length - 12} more folders`] : dirs;
  return `${modules.length} module${modules.length === 1 ? '' : 's'}: ${shown.join(', ')}`;
}
