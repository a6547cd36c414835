/**
 * The ajv validator compiled in the page, for forms loaded without build-time validators
 * (unit tests). Kept in its own module so the site's bundle never carries ajv's compiler.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import { PERU_FORMATS } from './format-messages.ts';
import { localize } from './form-validator.ts';

const customFormats = Object.fromEntries(
  Object.entries(PERU_FORMATS).map(([name, f]) => [name, (value: string) => f.check(value)]),
);

export const runtimeValidator = customizeValidator({ customFormats }, localize);
