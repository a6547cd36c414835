/**
 * Texts the user sees, by key, from `i18n/es-PE.json` (bundled: it is small and every page
 * needs it). `{name}` placeholders are filled from `vars`.
 */
import messages from '../../../i18n/es-PE.json';

const table: Readonly<Record<string, string>> = messages;
const warned = new Set<string>();

/** Fills `{name}` placeholders; unknown names stay as written so the gap is visible. */
export function interpolate(text: string, vars?: Record<string, unknown>): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    if (value === undefined || value === null) return whole;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
    return JSON.stringify(value);
  });
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
