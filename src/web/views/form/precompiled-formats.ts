/**
 * The formats the build-time compiled form validators call (see
 * `scripts/vite-form-validators-plugin.ts`): ajv-formats' full set, rjsf's `color` and
 * `data-url`, and the Peruvian formats, under the names the schemas use.
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { PERU_FORMATS } from './format-messages.ts';

// rjsf's two extra formats, copied: importing them from its ajv module would bundle ajv itself.
const COLOR_FORMAT_REGEX =
  /^(#?([0-9A-Fa-f]{3}){1,2}\b|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow|(rgb\(\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*,\s*\b([0-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b\s*\))|(rgb\(\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*,\s*(\d?\d%|100%)+\s*\)))$/;
const DATA_URL_FORMAT_REGEX = /^data:([a-z]+\/[a-z0-9-+.]+)?;(?:name=(.*);)?base64,(.*)$/;

export const formats: Record<string, unknown> = {
  ...fullFormats,
  color: COLOR_FORMAT_REGEX,
  'data-url': DATA_URL_FORMAT_REGEX,
  ...Object.fromEntries(
    Object.entries(PERU_FORMATS).map(([name, f]) => [name, (value: string) => f.check(value)]),
  ),
};
