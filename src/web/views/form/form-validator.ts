/**
 * The ajv8 validator of every step form: Spanish messages (ajv-i18n `es`), the Peruvian
 * formats, and messages a person understands for the common keywords.
 */
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import localizeEs from 'ajv-i18n/localize/es';
import type { ErrorObject } from 'ajv';
import { PERU_FORMATS, type PeruFormatName } from './format-messages.ts';
import { formatMessage, keywordMessage } from './form-messages.ts';

/**
 * ajv-i18n would overwrite custom `errorMessage`s, so those are left out of localisation
 * (the form schemas do not use ajv-errors, but a future one might).
 */
export function localize(errors?: null | ErrorObject[]): void {
  localizeEs(errors?.filter((e) => e.keyword !== 'errorMessage'));
}

const precompiled = new WeakMap<object, ValidatorType>();

/**
 * The validator of one form: the one compiled at build time when the form file carries it
 * (`validateFns`, see `scripts/vite-form-validators-plugin.ts`; the site's Content Security
 * Policy forbids compiling in the browser), else the runtime ajv validator (unit tests),
 * loaded only then so ajv's compiler stays out of the site's bundle.
 */
export async function validatorFor(def: {
  schema: RJSFSchema;
  validateFns?: ValidatorFunctions;
}): Promise<ValidatorType> {
  if (!def.validateFns) return (await import('./runtime-validator.ts')).runtimeValidator;
  let v = precompiled.get(def);
  if (!v) {
    v = createPrecompiledValidator(def.validateFns, def.schema, localize);
    precompiled.set(def, v);
  }
  return v;
}

function isPeruFormat(name: unknown): name is PeruFormatName {
  return typeof name === 'string' && name in PERU_FORMATS;
}

/**
 * Replaces the generic messages of failed formats and required fields with the product's
 * wording ("Ingresa un DNI válido de 8 dígitos"). Passed to the form as `transformErrors`.
 */
export function spanishErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((e) => {
    const params = (e.params ?? {}) as Record<string, unknown>;
    if (e.name === 'format') {
      const format = params.format;
      if (isPeruFormat(format)) {
        const message = formatMessage(format);
        return { ...e, message, stack: message };
      }
      const known = typeof format === 'string' ? keywordMessage(format) : undefined;
      if (known) return { ...e, message: known, stack: known };
    }
    if (e.name === 'required') {
      const message = keywordMessage('required')!;
      return { ...e, message, stack: message };
    }
    if (e.name === 'const' && params.allowedValue === true) {
      const message = keywordMessage('mustAccept')!;
      return { ...e, message, stack: message };
    }
    return e;
  });
}
