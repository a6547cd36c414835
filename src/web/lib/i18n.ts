/**
 * Texts the user sees, by key, from `i18n/es-PE.json`. `{name}` placeholders are filled
 * from `vars`. The entry carries only the shell's texts (`?shell`, see
 * scripts/vite-i18n-shell-plugin.ts); every lazy page waits for `loadAllTexts()` before it
 * renders, so `t` stays synchronous everywhere.
 */
import { interpolate } from './interpolate.ts';

export { interpolate };

const shell = import.meta.glob<Record<string, string>>('/i18n/es-PE.json', {
  query: '?shell',
  import: 'default',
  eager: true,
});

let table: Readonly<Record<string, string>> = Object.values(shell)[0] ?? {};
let all: Promise<void> | null = null;
const warned = new Set<string>();

/**
 * Loads every text of the site (once). Lazy pages, dialogs and the sandbox drawer await it
 * with their chunk; a failed fetch is tried again on the next call.
 */
export function loadAllTexts(): Promise<void> {
  all ??= import('../../../i18n/es-PE.json').then(
    (m) => {
      table = m.default;
    },
    (error: unknown) => {
      all = null;
      throw error;
    },
  );
  return all;
}

/** `load`, resolved once the chunk and every text are there (for lazy imports from the entry). */
export function withAllTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllTexts()]).then(([loaded]) => loaded);
}

/**
 * Translates `key`. A missing key shows the key itself (so the page still works) and, in
 * development, warns once with the key and the file to add it to.
 */
export function t(key: string, vars?: Record<string, unknown>): string {
  const text = table[key];
  if (text === undefined) {
    if (import.meta.env.DEV && !warned.has(key)) {
      warned.add(key);
      console.warn(`i18n: no text for "${key}". Add it with scripts/i18n-add.ts to i18n/es-PE.json.`);
    }
    return key;
  }
  return interpolate(text, vars);
}

/** True when `key` has a text (for optional texts such as step titles). */
export function hasText(key: string): boolean {
  return table[key] !== undefined;
}

/** The page title: "%s - {product}" (`app.titleTemplate`). */
export function pageTitle(section: string, product: string): string {
  return t('app.titleTemplate', { product }).replace('%s', section);
}
