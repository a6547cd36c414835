/**
 * Vite plugin: `i18n/es-PE.json?shell` resolves to the texts the entry renders before any
 * lazy chunk loads (the bar, the menu, the home page, the error page, product and page
 * titles), so the entry does not carry every text of every flow. `src/web/lib/i18n.ts` loads
 * the whole file with the first lazy page (`loadAllTexts`). The whole file, as the browser
 * gets it, leaves out the server-only texts (the PDF documents). Without this plugin (unit
 * tests) the query is ignored and the whole file is used.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const QUERY = '?shell';

/** The texts file the site imports, with or without `?shell`. */
const TEXTS_FILE = '/i18n/es-PE.json';

/**
 * Key prefixes the entry needs. `scripts/i18n-shell.test.ts` checks that every text the
 * entry's files name starts with one of these.
 */
export const SHELL_TEXT_PREFIXES = [
  'app.',
  'menu.',
  'home.',
  'page.',
  'product.',
  'error.unauthorized',
  // The legal pages' titles name the tab before their page's code arrives.
  'legal.terms.title',
  'legal.privacy.title',
] as const;

/** Key prefixes only the server reads (`src/server/texts.ts`: PDF documents, API field errors); the browser never gets them. */
export const SERVER_ONLY_TEXT_PREFIXES = ['pdf.', 'servidor.'] as const;

/** The texts of `messages` whose key starts with a shell prefix. */
export function shellTexts(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).filter(([key]) => SHELL_TEXT_PREFIXES.some((p) => key.startsWith(p))),
  );
}

/** The texts of `messages` the browser may have: all but the server-only ones. */
export function browserTexts(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).filter(([key]) => !SERVER_ONLY_TEXT_PREFIXES.some((p) => key.startsWith(p))),
  );
}

export function i18nShellPlugin(): Plugin {
  return {
    name: 'i18n-shell',
    enforce: 'pre',
    load(id) {
      const shell = id.endsWith(`.json${QUERY}`);
      if (!shell && !id.replaceAll('\\', '/').endsWith(TEXTS_FILE)) return null;
      const file = shell ? id.slice(0, -QUERY.length) : id;
      this.addWatchFile(file);
      let messages: Record<string, string>;
      try {
        messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      } catch (error) {
        this.error(`i18n-shell: ${file} is not readable JSON (${(error as Error).message}).`);
      }
      if (shell) return `export default ${JSON.stringify(shellTexts(messages))};`;
      // Still JSON: Vite's JSON plugin turns it into the module, as it would the file itself.
      return JSON.stringify(browserTexts(messages));
    },
  };
}
