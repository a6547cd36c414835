/**
 * antd's styles, written at build time. antd writes each component's CSS in the browser the
 * first time the component renders (CSS-in-JS: the styles are generated, serialised, hashed and
 * inserted): on a 4× slower CPU that was a large part of drawing a step whose widgets were new to
 * the page. The build renders every antd component the site imports once, on the server, and
 * keeps the CSS antd would have inserted; the site's theme turns antd's runtime styles off
 * (`zeroRuntime`, src/web/shell/theme-provider.tsx) and loads this CSS with antd instead.
 *
 * The CSS is the same for every theme: with CSS variables (antd 6's default) a style names
 * `var(--ant-color-primary)`, and the theme's values are still set in the browser, per
 * component, by the theme provider. Selectors carry no hash (`hashed: false` on both sides).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as React from 'react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import type * as ReactDomServer from 'react-dom/server';
import type * as Cssinjs from '@ant-design/cssinjs';

const require = createRequire(import.meta.url);

/** Components drawn by others the site uses: their styles come with them (a slider's tooltip). */
export const IMPLIED: Record<string, string[]> = {
  Slider: ['Tooltip'],
  Select: ['Empty'],
  Modal: ['Button'],
  Alert: ['Button'],
};

/** `Button`, `DatePicker` from `antd/es/button`, `antd/es/date-picker` (none for a locale or the provider). */
function fromPath(path: string): string | null {
  if (path.startsWith('locale') || path === 'config-provider' || path.includes('/')) return null;
  return path.replace(/(^|-)([a-z])/g, (_, __: string, c: string) => c.toUpperCase());
}

/** The files under `dir` that the site ships (no tests). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The antd components the files under `dir` import (`from 'antd'`, `from 'antd/es/…'`), and those they draw. */
export function usedComponents(dir: string): string[] {
  const used = new Set<string>();
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'antd'/g)) {
      if (/^import\s+type/.test(m[0])) continue;
      for (const name of m[1]!.split(',')) {
        const clean = name
          .replace(/\btype\b/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (/^[A-Z]/.test(clean) && !clean.endsWith('Props') && clean !== 'ConfigProvider') used.add(clean);
      }
    }
    for (const m of text.matchAll(/import\s+\w+\s+from\s*'antd\/es\/([\w/-]+)'/g)) {
      const name = fromPath(m[1]!);
      if (name) used.add(name);
    }
  }
  for (const name of [...used]) for (const more of IMPLIED[name] ?? []) used.add(more);
  return [...used].sort();
}

type Antd = Record<
  string,
  ComponentType<Record<string, unknown>> & Record<string, ComponentType<Record<string, unknown>>>
>;

/** What to draw of `name` so that every part of it registers its styles (after @ant-design/static-style-extract). */
function drawn(h: typeof React.createElement, antd: Antd, name: string): ReactNode {
  const C = antd[name];
  if (!C) throw new Error(`antd no exporta "${name}" (importado en src/web): revise el nombre.`);
  switch (name) {
    case 'Modal': {
      const Panel = C._InternalPanelDoNotUseOrYouWillBeFired!;
      return [h(Panel, { key: 'p' }), h(Panel, { key: 'c', type: 'confirm' })];
    }
    case 'Input':
      return [
        h(C, { key: 'i' }),
        h(C.TextArea!, { key: 't' }),
        h(C.Password!, { key: 'p' }),
        h(C.Search!, { key: 's' }),
        h(C.OTP!, { key: 'o' }),
      ];
    case 'Space':
      return [h(C, { key: 's' }), h(C.Compact!, { key: 'c' }, h(antd.Button!, {}))];
    case 'Radio':
      return [h(C, { key: 'r' }), h(C.Group!, { key: 'g' }), h(C.Button!, { key: 'b' })];
    case 'Checkbox':
      return [h(C, { key: 'c' }), h(C.Group!, { key: 'g' })];
    case 'Collapse':
      return h(C, { items: [{ key: '1', label: 'a', children: 'b' }], defaultActiveKey: ['1'] });
    case 'Descriptions':
      return h(C, { items: [{ key: '1', label: 'a', children: 'b' }] });
    case 'Drawer':
      return h(C._InternalPanelDoNotUseOrYouWillBeFired ?? C, {});
    default:
      return h(C, {});
  }
}

/** The CSS antd inserts for `components` (names of antd's exports), without hashes. */
export function antdStyles(components: readonly string[]): string {
  const { createElement: h } = require('react') as typeof React;
  const { renderToString } = require('react-dom/server') as typeof ReactDomServer;
  const antd = require('antd') as Antd;
  const cssinjs = require('@ant-design/cssinjs') as typeof Cssinjs;
  const cache = cssinjs.createCache();
  const tree: ReactElement = h(
    cssinjs.StyleProvider,
    { cache },
    h(
      antd.ConfigProvider!,
      { theme: { hashed: false } },
      components.map((name) => h('div', { key: name }, drawn(h, antd, name))),
    ),
  );
  renderToString(tree);
  // Only the components' rules: the theme's variables are set in the browser (they differ per theme).
  return scoped(cssinjs.extractStyle(cache, { plain: true, types: 'style' }));
}

/** The selectors of a list (`a, b:not(c, d)`), split at its top-level commas only. */
function topLevel(selectors: string): string[] {
  const list: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selectors.length; i++) {
    const c = selectors[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      list.push(selectors.slice(start, i).trim());
      start = i + 1;
    }
  }
  list.push(selectors.slice(start).trim());
  return list;
}

/** Where antd's element rules apply: inside its components, as the hash scoped them (`:where(.css-…) a`). */
export const ANTD_SCOPE = ':where([class^="ant-"],[class*=" ant-"])';

/**
 * `css` with its top-level rules for bare elements (antd's link reset, `a { color: … }`) kept
 * inside antd's components, as antd's hash kept them: unscoped they would restyle every link of
 * the site. The extractor's own marker rule (`.data-ant-cssinjs-cache-path`) is left out.
 */
export function scoped(css: string): string {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < css.length; i++) {
    if (css[i] === '{') depth++;
    else if (css[i] === '}' && --depth === 0) {
      out.push(css.slice(start, i + 1));
      start = i + 1;
    }
  }
  return out
    .filter((rule) => !rule.startsWith('.data-ant-cssinjs-cache-path'))
    .map((rule) => {
      const at = rule.indexOf('{');
      const selectors = rule.slice(0, at);
      if (selectors.startsWith('@')) return rule;
      const list = topLevel(selectors);
      if (!list.some((sel) => /^[a-z]/.test(sel))) return rule;
      return `${list.map((sel) => (/^[a-z]/.test(sel) ? `${ANTD_SCOPE} ${sel}` : sel)).join(',')}${rule.slice(at)}`;
    })
    .join('');
}
