/**
 * The Spanish texts the server answers with, from `i18n/es-PE.json` (the same file the site
 * uses), so a message reads the same wherever the applicant meets it.
 */
import { readFileSync } from 'node:fs';

const messages = JSON.parse(
  readFileSync(new URL('../../i18n/es-PE.json', import.meta.url), 'utf8'),
) as Record<string, string>;

/** The text for `key`; a missing key is a programming error and fails loudly. */
export function text(key: string): string {
  const value = messages[key];
  if (value === undefined)
    throw new Error(`Falta el texto "${key}" en i18n/es-PE.json: agréguelo con scripts/i18n-add.ts`);
  return value;
}
