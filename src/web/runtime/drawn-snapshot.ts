/**
 * What the flow page draws while the code of a new step's view is still coming. React shows a
 * lazy component's fallback the first time it renders it and then holds that fallback for
 * about 300 ms (its Suspense throttle), however soon the code arrives: a step whose view had
 * not been preloaded appeared a third of a second after the service's answer. Instead, the page
 * keeps the last step it drew (busy, so nothing is sent from it) until the new view's code is
 * in, then draws the new step at once.
 */
import { useEffect, useState } from 'react';
import type { PreloadableComponent } from '../views/preloadable.tsx';
import type { FlowSnapshot } from './flow-controller.ts';

type Loadable = Pick<PreloadableComponent<never>, 'loaded' | 'preload'>;

/**
 * True once `component`'s code is in, or its loading has failed (the component's own fallback
 * and error handling then take over, and its first render tries again). Loads it while `wanted`.
 */
export function useCodeIn(component: Loadable | undefined, wanted: boolean): boolean {
  const [settled, setSettled] = useState<Loadable | null>(null);
  const codeIn = !component || component.loaded() || settled === component;
  useEffect(() => {
    if (!wanted || codeIn || !component) return;
    let live = true;
    void component.preload().then(() => {
      // A component is a function: handed to the setter as is, it would be called as an updater.
      if (live) setSettled(() => component);
    });
    return () => {
      live = false;
    };
  }, [wanted, codeIn, component]);
  return codeIn;
}

/**
 * The snapshot to draw: the store's, or, while the view of a step the page has not drawn yet
 * is loading (`viewOf` names it), the last one drawn, marked busy.
 */
export function useDrawnSnapshot(
  snapshot: FlowSnapshot,
  viewOf: (step: string) => Loadable | undefined,
): FlowSnapshot {
  // The last snapshot drawn, kept from render to render (React's "previous render" pattern).
  const [last, setLast] = useState(snapshot);
  const newStep = snapshot.state.step !== last.state.step;
  const codeIn = useCodeIn(viewOf(snapshot.state.step), newStep);
  const drawable = !newStep || codeIn;
  if (drawable && last !== snapshot) setLast(snapshot);
  return drawable ? snapshot : { state: last.state, busy: true };
}
