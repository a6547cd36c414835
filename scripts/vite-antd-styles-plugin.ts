/**
 * Vite plugin: `src/web/shell/antd-static.css` (an empty file in the sources) becomes the CSS of
 * every antd component the site imports, rendered once per build or dev server
 * (`scripts/antd-styles.ts`). Without the plugin (unit tests) the file stays empty, as antd's
 * styles do not matter there.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { antdStyles, usedComponents } from './antd-styles.ts';

/** The placeholder the theme provider imports. */
export const ANTD_STATIC_CSS = fileURLToPath(new URL('../src/web/shell/antd-static.css', import.meta.url));

export function antdStylesPlugin(): Plugin {
  const web = fileURLToPath(new URL('../src/web', import.meta.url));
  let css: string | null = null;
  return {
    name: 'antd-static-styles',
    // A component imported for the first time (dev server) is rendered at the next reload.
    watchChange(id) {
      if (id.startsWith(web)) css = null;
    },
    load(id) {
      if (id.split('?')[0] !== ANTD_STATIC_CSS) return null;
      css ??= antdStyles(usedComponents(web));
      return css;
    },
  };
}
