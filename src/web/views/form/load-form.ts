/**
 * Loads a form definition (`schemas/forms/<id>.json`) by id, each in its own chunk.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

/** A form file: a JSON Schema (draft-07, Spanish titles) and its rjsf uiSchema. */
export interface FormDefinition {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  /** The validator compiled at build time (`scripts/vite-form-validators-plugin.ts`); absent in unit tests. */
  validateFns?: ValidatorFunctions;
}

const modules = import.meta.glob<{ default: FormDefinition }>('../../../../schemas/forms/*.json');

const byId: Record<string, () => Promise<{ default: FormDefinition }>> = Object.fromEntries(
  Object.entries(modules).map(([path, load]) => [path.replace(/^.*\/([^/]+)\.json$/, '$1'), load]),
);

/** The ids of every form file in `schemas/forms/`. */
export const FORM_IDS: readonly string[] = Object.keys(byId).sort();

/**
 * The form with this id. A missing id fails with the id, the step that asked for it and
 * the known ids, since a typo in a flow file is the usual cause.
 */
export async function loadForm(id: string, where: string): Promise<FormDefinition> {
  const load = byId[id];
  if (!load) {
    throw new Error(
      `Formulario desconocido "${id}" pedido en ${where}. Formularios existentes: ${FORM_IDS.join(', ')}. Cree schemas/forms/${id}.json o corrija el nombre en el flujo.`,
    );
  }
  return (await load()).default;
}
