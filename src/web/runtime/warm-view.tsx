/**
 * A view's first step costs more than its later ones: the browser compiles each function of
 * the view and of the antd components it uses the first time it runs them, and on a slow
 * phone that made the first simulator or confirmation screen take 100 ms and more after the
 * service's answer, against 10 to 20 ms for the same screen drawn again. So while the
 * applicant waits, the page draws each view of the steps ahead once where nobody sees it: in
 * an element outside the document, under a hidden `Activity` (no effect runs there: no
 * catalog is asked for, no timer starts, nothing is sent), then throws the drawing away.
 * React draws it in slices with the main thread given back between them; a view that
 * fails to draw this way is simply drawn cold later.
 */
import { Activity, Component, Suspense, startTransition, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { ViewProps } from '../views/view-types.ts';

/** Longest a drawing may take before it is dropped (a view that never finishes suspending). */
const GIVE_UP_MS = 5_000;

/**
 * A view that fails to draw leaves an empty mark instead, so the drawing ends at once (no
 * effect runs in a hidden part, and an error there reaches no handler of the root).
 */
class Failed extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <span data-warm-failed="" /> : this.props.children;
  }
}

/** How a drawing ahead ended: drawn, failed (drawn cold at its step), or dropped after `GIVE_UP_MS`. */
export type WarmOutcome = 'drawn' | 'failed' | 'gave-up';

/** Draws `View` with `props` once outside the document; resolves, with how it ended, once it is thrown away. */
export function warmView(View: ComponentType<ViewProps>, props: ViewProps): Promise<WarmOutcome> {
  return new Promise((resolve) => {
    let done = false;
    const host = document.createElement('div');
    // The hidden part is drawn after the rest, at a lower priority: it is drawn when it is in the element.
    const drawn = new MutationObserver(() =>
      finish(host.querySelector('[data-warm-failed]') ? 'failed' : 'drawn'),
    );
    drawn.observe(host, { childList: true });
    const root = createRoot(host, {
      onUncaughtError: () => finish('failed'),
      // A failure is not the applicant's: the view is drawn cold at its step instead.
      onCaughtError: () => undefined,
      onRecoverableError: () => undefined,
    });
    const giveUp = setTimeout(() => finish('gave-up'), GIVE_UP_MS);
    function finish(how: WarmOutcome) {
      if (done) return;
      done = true;
      drawn.disconnect();
      clearTimeout(giveUp);
      // Thrown away in a later task: unmounting from the commit that drew it is not allowed.
      setTimeout(() => {
        root.unmount();
        resolve(how);
      }, 0);
    }
    startTransition(() => {
      root.render(
        <Activity mode="hidden">
          <Failed>
            <Suspense fallback={null}>
              <View {...props} send={() => undefined} />
            </Suspense>
          </Failed>
        </Activity>,
      );
    });
  });
}
