/**
 * What the browser may keep of an applicant's typing, for a reload or a reopened tab: the web
 * runtime's saved sessions (`src/web/runtime/flow-session.ts`) and the page's boot script,
 * which keeps what is typed into a prerendered page before the site's code runs
 * (`src/server/boot-script.ts`), follow the same rules.
 */

/** How long typing is kept: an older session starts afresh. */
export const SESSION_MAX_AGE_MS = 30 * 60_000;

/**
 * Field names whose values stay in memory only: photos (`imagen`, `imagenDocumento`,
 * `imagenSoat`…), the SMS code (`token`, `tokenSMS`) and account numbers
 * (`numeroCuentaBancaria`, `numeroCuentaInterbancaria`, `cci`).
 */
export const PRIVATE_FIELD = /^(?:imagen|numeroCuenta|(?:token|tokenSMS|cci)$)/i;

/** True for a field name whose value is never stored (see {@link PRIVATE_FIELD}). */
export function isPrivateField(name: string): boolean {
  return PRIVATE_FIELD.test(name);
}

/** The sessionStorage key under which the boot script keeps what was typed before the site's code ran. */
export const TYPED_BEFORE_CODE_KEY = 'typed-before-code';

/**
 * Set on `<html>` by the runtime once it owns the page's forms (or draws the page itself): from
 * then on its own sessions keep the typing, and the boot script stops.
 */
export const RUNTIME_OWNS_FORMS = 'data-runtime-forms';
