/**
 * The Spanish texts the server answers with, from `i18n/es-PE.json` (the same file the site
 * uses), so a message reads the same wherever the applicant meets it.
 */
import { readFileSync } from 'node:fs';

const messages = JSON.parse(
  readFileSync(new URL('../../i18n/es-PE.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/**
 * The text for `key`, with its `{name}` placeholders filled from `vars` (the syntax of
 * `src/web/lib/i18n.ts`). Without `vars` the text is answered as written. A missing key, or a
 * placeholder `vars` has no value for, is a programming error and fails loudly.
 */
export function text(key: string, vars?: Record<string, string | number>): string {
  const value = messages[key];
  if (value === undefined)
    throw new Error(`Falta el texto "${key}" en i18n/es-PE.json: agréguelo con scripts/i18n-add.ts`);
  if (!vars) return value;
  return value.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const filled = Object.hasOwn(vars, name) ? vars[name] : undefined;
    if (filled === undefined) throw new Error(`El texto "${key}" espera un valor para {${name}}`);
    return String(filled);
  });
}
