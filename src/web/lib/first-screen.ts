/**
 * Whether the page being drawn is the first screen the build prerendered (`scripts/prerender.ts`):
 * drawn at build time (`prerender`), or taken over in the browser from that HTML (`hydrate`,
 * until the first navigation). Components whose first render would differ from the build's
 * (the flow runner starts its session in an effect; a form reads what was typed before the
 * scripts ran) ask here instead of guessing from `window`.
 */
import { useState } from 'react';

let mode: 'client' | 'prerender' | 'hydrate' = 'client';

/** Called once by the entry (`hydrate`) or the build's renderer (`prerender`). */
export function setFirstScreenMode(next: 'prerender' | 'hydrate'): void {
  mode = next;
}

/** True while rendering at build time. */
export function isPrerendering(): boolean {
  return mode === 'prerender';
}

/** True while the browser takes over the prerendered HTML of the page it opened on. */
export function isHydrating(): boolean {
  return mode === 'hydrate';
}

/** The applicant navigated: every later page is drawn by the browser alone. */
export function endHydration(): void {
  if (mode === 'hydrate') mode = 'client';
  ownPageForms();
}

/**
 * `src/engine/kept-typing.ts`'s `TYPED_BEFORE_CODE_KEY` and `RUNTIME_OWNS_FORMS`, written out:
 * importing that module here made the build split it into a chunk of its own, one more request
 * before the site starts. `typed-before-hydration.test.tsx` holds them equal.
 */
const TYPED_BEFORE_CODE_KEY = 'typed-before-code';
const RUNTIME_OWNS_FORMS = 'data-runtime-forms';

/**
 * The runtime owns the page's forms from now on (it took the build's over, or draws its own):
 * its sessions keep what is typed, so the boot script stops keeping it for a reload and what it
 * kept is dropped (`src/server/boot-script.ts`).
 */
export function ownPageForms(): void {
  document.documentElement.setAttribute(RUNTIME_OWNS_FORMS, '');
  try {
    window.sessionStorage.removeItem(TYPED_BEFORE_CODE_KEY);
  } catch {
    // Storage off: nothing was kept.
  }
}

/**
 * True while `current` (a page's address, a step's id) is still the one the build drew: that
 * part was painted from the HTML before any script, so it must not fade in again. Any other
 * value, and the first one once left, is drawn by the browser and animates as usual.
 */
export function useStillFirst<T extends string>(current: T): boolean {
  const [first, setFirst] = useState<T | null>(() => (mode === 'client' ? null : current));
  if (first !== null && current !== first) setFirst(null);
  return first !== null && current === first;
}
