/**
 * The formats the build-time compiled form validators call (see
 * `scripts/vite-form-validators-plugin.ts`): ajv-formats' full set, rjsf's `color` and
 * `data-url`, and the Peruvian formats, under the names the schemas use.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { COLOR_FORMAT_REGEX, DATA_URL_FORMAT_REGEX } from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import { PERU_FORMATS } from './format-messages.ts';

export const formats: Record<string, unknown> = {
  ...fullFormats,
  color: COLOR_FORMAT_REGEX,
  'data-url': DATA_URL_FORMAT_REGEX,
  ...Object.fromEntries(Object.entries(PERU_FORMATS).map(([name, f]) => [name, (value: string) => f.check(value)])),
};
