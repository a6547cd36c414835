/**
 * The on-screen keyboard a text field asks for, from its schema: digits for documents,
 * accounts and whole numbers, decimals for amounts, the phone pad for mobiles. A form may
 * name its own with `"ui:options": { "inputMode": "…" }`.
 */
import type { HTMLAttributes } from 'react';
import type { RJSFSchema } from '@rjsf/utils';

type InputMode = NonNullable<HTMLAttributes<HTMLInputElement>['inputMode']>;

const BY_FORMAT: Record<string, InputMode> = {
  dni: 'numeric',
  ruc: 'numeric',
  cci: 'numeric',
  celular: 'tel',
  email: 'email',
};

const MODES: readonly string[] = ['none', 'text', 'tel', 'url', 'email', 'numeric', 'decimal', 'search'];

export function inputModeFor(schema: RJSFSchema, options: Record<string, unknown>): InputMode | undefined {
  const own = options.inputMode;
  if (typeof own === 'string' && MODES.includes(own)) return own as InputMode;
  if (schema.type === 'integer') return 'numeric';
  if (schema.type === 'number') return 'decimal';
  return typeof schema.format === 'string' ? BY_FORMAT[schema.format] : undefined;
}
