/**
 * What the applicant (or a promoter, on the login) typed into a prerendered form before its
 * scripts ran. The browser keeps
 * it in the fields, but the form's state starts from the build's values, so the first
 * re-render would wipe it. `readTyped` notes the fields that differ from what the build drew
 * (while React takes the HTML over); `replayTyped` then sends each one through the field's
 * own change handler, exactly as if it were typed now, so every widget decodes its value.
 * `useTypedBeforeHydration` does both for a component that draws a form. What the boot script
 * put back after a reload before the code arrived (`src/server/boot-script.ts`) is typing like
 * any other here.
 */
import { useLayoutEffect, useState } from 'react';
import { isHydrating, ownPageForms } from '../lib/first-screen.ts';

/** One field the applicant changed, with its value at the time. */
export type Typed =
  | { el: HTMLInputElement | HTMLTextAreaElement; kind: 'text'; value: string }
  | { el: HTMLInputElement; kind: 'check'; value: boolean }
  | { el: HTMLSelectElement; kind: 'select'; value: number };

/** The index of the option the build selected (the first one when it selected none). */
function builtIndex(select: HTMLSelectElement): number {
  return Math.max(
    0,
    [...select.options].findIndex((o) => o.defaultSelected),
  );
}

/** The fields of `form` whose value is no longer the one the build wrote into the HTML. */
export function readTyped(form: HTMLFormElement): Typed[] {
  const typed: Typed[] = [];
  for (const el of form.elements) {
    if (el instanceof HTMLInputElement) {
      if (el.type === 'checkbox' || el.type === 'radio') {
        if (el.checked !== el.defaultChecked) typed.push({ el, kind: 'check', value: el.checked });
      } else if (!['submit', 'button', 'reset', 'hidden', 'file'].includes(el.type)) {
        if (el.value !== el.defaultValue) typed.push({ el, kind: 'text', value: el.value });
      }
    } else if (el instanceof HTMLTextAreaElement) {
      if (el.value !== el.defaultValue) typed.push({ el, kind: 'text', value: el.value });
    } else if (el instanceof HTMLSelectElement) {
      if (el.selectedIndex !== builtIndex(el)) typed.push({ el, kind: 'select', value: el.selectedIndex });
    }
  }
  return typed;
}

/**
 * Raises the change events React listens to for each field, once the form is React's. React
 * compares a field's value with the one it last knew (its value tracker) and ignores an event
 * that changes nothing, so the tracker is first set to another value through the element's own
 * property (which React watches), and the typed value put back through the prototype's setter
 * (which it does not).
 */
export function replayTyped(typed: readonly Typed[]): void {
  for (const field of typed) {
    if (!field.el.isConnected) continue;
    if (field.kind === 'check') {
      const { el } = field;
      // A radio that lost its tick to another one is reported by that one.
      if (el.type === 'radio' && !field.value) continue;
      el.checked = !field.value;
      // A click toggles it back to what the applicant chose, and React's checkbox change is a click.
      el.click();
    } else if (field.kind === 'select') {
      field.el.selectedIndex = field.value;
      field.el.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      const { el } = field;
      const proto =
        el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
      el.value = field.value === '' ? ' ' : '';
      Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, field.value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/** Set by the boot script (`src/server/boot-script.ts`) on a form submitted before its scripts took it over. */
const HELD_SUBMIT = 'data-held-submit';

/**
 * `early` (read at the first render) with what `late` (read once the form is React's) found
 * since: a field's latest value wins, and a field only `early` saw (a re-render put the
 * build's value back) keeps the applicant's.
 */
export function mergeTyped(early: readonly Typed[], late: readonly Typed[]): Typed[] {
  const seen = new Set(late.map((field) => field.el));
  return [...early.filter((field) => !seen.has(field.el)), ...late];
}

/**
 * Keeps what was typed into the form `find` answers, when this component takes over the
 * build's HTML: read at its first render (before any re-render can put the build's values
 * back) and again as the takeover is committed, once the form is React's (React renders the
 * takeover in slices, and the applicant may type between them: the field shows it, the form's
 * state does not), then replayed through the fields' own handlers. A submission pressed
 * before then (held by the boot script, `src/server/boot-script.ts`) is sent now, once the
 * replayed values are rendered. Does nothing for a form the browser draws itself.
 */
export function useTypedBeforeHydration(find: () => Element | null): void {
  const [typed] = useState<Typed[] | null>(() => {
    if (!isHydrating()) return null;
    const form = find();
    return form instanceof HTMLFormElement ? readTyped(form) : [];
  });
  // In the commit itself, not in an effect after it: from the commit on, the form's handlers are
  // live, and a press landing before a later effect ran would send the form's empty state.
  useLayoutEffect(() => {
    if (typed === null) return undefined;
    // Before the replay, whose input events the boot script must not keep.
    ownPageForms();
    const form = find();
    const all = form instanceof HTMLFormElement ? mergeTyped(typed, readTyped(form)) : typed;
    if (all.length > 0) replayTyped(all);
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute(HELD_SUBMIT)) return undefined;
    form.removeAttribute(HELD_SUBMIT);
    // After the render of the replayed values: the submit handler reads them from the state.
    const timer = window.setTimeout(() => form.isConnected && form.requestSubmit(), 0);
    return () => window.clearTimeout(timer);
    // `find` is read once, like the typed values: the form is the one this component drew first.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
}
