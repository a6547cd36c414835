/**
 * The entry carries only the shell's texts (scripts/vite-i18n-shell-plugin.ts). A text the
 * entry renders before the first lazy page loads must be among them, or the page would show
 * its key: this checks every `t('…')` of the entry's files, the page titles and flow titles.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../src/engine/routes.ts';
import {
  i18nShellPlugin,
  SERVER_ONLY_TEXT_PREFIXES,
  SHELL_TEXT_PREFIXES,
  shellTexts,
} from './vite-i18n-shell-plugin.ts';

const messages = JSON.parse(readFileSync('i18n/es-PE.json', 'utf8')) as Record<string, string>;

/** Files in the entry (main.tsx and what it starts, start.tsx); the sandbox ribbon and drawer load with every text. */
const ENTRY_FILES = [
  'src/web/main.tsx',
  'src/web/start.tsx',
  'src/web/app/router.tsx',
  'src/web/app/products.ts',
  'src/web/pages/home-page.tsx',
  'src/web/pages/product-list.tsx',
  'src/web/pages/error-page.tsx',
  ...readdirSync('src/web/shell')
    .filter((f) => /\.tsx?$/.test(f) && !f.startsWith('sandbox-') && !f.includes('.test.'))
    .map((f) => join('src/web/shell', f)),
];

function literalKeys(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g)].map((m) => m[1]!);
}

describe('shell texts in the entry', () => {
  it("cover every text the entry's files name", () => {
    const keys = ENTRY_FILES.flatMap(literalKeys);
    expect(keys.length).toBeGreaterThan(5);
    const shell = shellTexts(messages);
    expect(keys.filter((k) => messages[k] !== undefined && !(k in shell))).toEqual([]);
  });

  it('cover page titles, flow titles and menu labels', () => {
    const flows = readdirSync('flows').filter((f) => f.endsWith('.json'));
    const flowTitles = flows
      .map((f) => (JSON.parse(readFileSync(join('flows', f), 'utf8')) as { title?: string }).title)
      .filter((t): t is string => !!t);
    const menu = [...readFileSync('src/web/shell/side-menu.tsx', 'utf8').matchAll(/label: '([\w.]+)'/g)].map(
      (m) => m[1]!,
    );
    const titles = [...Object.values(PAGE_ROUTES).map((p) => p.title), ...flowTitles, ...menu];
    const shell = shellTexts(messages);
    expect(titles.filter((k) => messages[k] !== undefined && !(k in shell))).toEqual([]);
  });

  it('leave the flow texts out of the entry', () => {
    const shell = shellTexts(messages);
    expect(Object.keys(shell).length).toBeLessThan(Object.keys(messages).length / 2);
    expect(Object.keys(shell).every((k) => SHELL_TEXT_PREFIXES.some((p) => k.startsWith(p)))).toBe(true);
  });
});

describe('the whole text module the browser loads', () => {
  /** `i18n/es-PE.json` as Vite serves it to the browser with the plugin, parsed back. */
  async function servedTexts(): Promise<Record<string, string>> {
    const server = await createServer({
      configFile: false,
      root: process.cwd(),
      logLevel: 'silent',
      plugins: [i18nShellPlugin()],
      appType: 'custom',
      server: { middlewareMode: true, ws: false, watch: null },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      const code = (await server.transformRequest('/i18n/es-PE.json'))?.code ?? '';
      const json = /^export default (\{[\s\S]*\});?\s*$/.exec(code)?.[1];
      expect(json, code.slice(0, 200)).toBeDefined();
      return JSON.parse(json!) as Record<string, string>;
    } finally {
      await server.close();
    }
  }

  it('leaves out the server-only texts and keeps the rest', async () => {
    const served = await servedTexts();
    expect(Object.keys(messages).some((k) => k.startsWith('pdf.'))).toBe(true);
    expect(SERVER_ONLY_TEXT_PREFIXES).toContain('pdf.');
    expect(Object.keys(served).filter((k) => SERVER_ONLY_TEXT_PREFIXES.some((p) => k.startsWith(p)))).toEqual(
      [],
    );
    expect(served['app.ok']).toBe(messages['app.ok']);
    const kept = Object.keys(messages).filter((k) => !SERVER_ONLY_TEXT_PREFIXES.some((p) => k.startsWith(p)));
    expect(Object.keys(served)).toEqual(kept);
  });

  it('is not asked for a server-only text by any web file', () => {
    const files = readdirSync('src/web', { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.tsx?$/.test(f),
    );
    const quoted = SERVER_ONLY_TEXT_PREFIXES.map((p) => new RegExp(`['"\`]${p.replaceAll('.', '\\.')}`));
    expect(
      files.filter((f) => quoted.some((re) => re.test(readFileSync(join('src/web', f), 'utf8')))),
    ).toEqual([]);
  });
});
