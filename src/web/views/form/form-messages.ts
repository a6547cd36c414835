/**
 * The messages a form shows for a failed check, read from `i18n/es-PE.json` so the analysts
 * who own the texts own these too. Apart from `format-messages.ts` because that one is also
 * imported by build scripts in Node, where the site's texts module does not load.
 */
import { t } from '../../lib/i18n.ts';
import { PERU_FORMATS, type PeruFormatName } from './format-messages.ts';

/** The message shown when a value fails the Peruvian format `name`. */
export function formatMessage(name: PeruFormatName): string {
  return t(PERU_FORMATS[name].messageKey);
}

/** The keys of the generic messages for keywords whose ajv-i18n wording reads poorly in a form. */
const KEYWORD_MESSAGE_KEYS: Record<string, string> = {
  required: 'view.required',
  email: 'view.invalidEmail',
  date: 'view.format.date',
  mustAccept: 'view.mustAccept',
};

/** The product's message for a keyword (`required`, `email`, `date`, `mustAccept`), if it has one. */
export function keywordMessage(keyword: string): string | undefined {
  const key = KEYWORD_MESSAGE_KEYS[keyword];
  return key === undefined ? undefined : t(key);
}
