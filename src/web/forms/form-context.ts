/**
 * What the form view tells every field and widget of the light form through rjsf's
 * `formContext`, and the rule that decides when a field's errors are shown.
 */
import { errorId, helpId, type Registry } from '@rjsf/utils';

export interface FormContext {
  /** Ids of the fields the person has left at least once. */
  touched: ReadonlySet<string>;
  /** True after a submit attempt: every error shows. */
  submitted: boolean;
  /** Translates an i18n key (the view's `t`), for the few texts a widget writes itself. */
  t: (key: string) => string;
}

/**
 * Live validation runs on every change, but an error appears only once its field has been
 * left or a submit was tried: nobody wants "DNI inválido" after typing the first digit.
 */
export function visibleErrors(registry: Registry, id: string, rawErrors: string[] | undefined): string[] {
  const ctx = registry.formContext as Partial<FormContext> | undefined;
  const show = ctx?.submitted === true || ctx?.touched?.has(id) === true;
  return show && rawErrors ? rawErrors : [];
}

/** A text through the view's `t`, or the key itself outside a form view (never in the site). */
export function formText(registry: Registry, key: string): string {
  const ctx = registry.formContext as Partial<FormContext> | undefined;
  return ctx?.t ? ctx.t(key) : key;
}

/**
 * The accessibility attributes of a control: invalid while an error shows, described by
 * the error and the help text that are actually on the page (rjsf's own helper names ids
 * that may not exist).
 */
export function ariaFor(
  id: string,
  errors: string[],
  hasHelp: boolean,
): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const ids = [errors.length > 0 ? errorId(id) : null, hasHelp ? helpId(id) : null].filter(
    (x): x is string => x !== null,
  );
  return {
    ...(errors.length > 0 ? { 'aria-invalid': true as const } : {}),
    ...(ids.length > 0 ? { 'aria-describedby': ids.join(' ') } : {}),
  };
}
