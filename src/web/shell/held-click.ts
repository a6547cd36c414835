/**
 * A tap on a button of the build's HTML before the site's code was live: the boot script
 * (`src/server/boot-script.ts`) marks a button drawn with `data-hold-click` as
 * `data-held-click` when it is tapped before this hook has marked it `data-live`.
 */
import { useLayoutEffect, type RefObject } from 'react';

/** The attributes a button that keeps an early tap is drawn with. */
export const HOLD_CLICK = { 'data-hold-click': '' } as const;

/**
 * Makes the button `ref` live for the boot script and, if it was tapped before, does what the
 * tap asked (`act`) once, now that the page can.
 */
export function useHeldClick(ref: RefObject<HTMLElement | null>, act: () => void): void {
  // In the commit itself: from then on the button's own handler answers a tap, which the boot
  // script must no longer hold (it would be acted on twice: by the handler, then here).
  useLayoutEffect(() => {
    const button = ref.current;
    if (!button) return;
    button.setAttribute('data-live', '');
    if (!button.hasAttribute('data-held-click')) return;
    button.removeAttribute('data-held-click');
    act();
    // Once, when the button first becomes live.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
