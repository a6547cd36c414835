/**
 * A lazily loaded view that can be fetched ahead of its first use (`preload`). React shows a
 * lazy component's fallback the first time it renders it, however fast its code arrives, and
 * then holds the fallback for about 300 ms before revealing the content (its Suspense
 * throttle): every step whose view was new to the page waited that long after the service's
 * answer. A view whose code is already in is drawn at once, without the fallback.
 */
import { lazy, useState, type ComponentType } from 'react';

export type PreloadableComponent<P> = ComponentType<P> & {
  /** Fetches the code now; a failure is forgotten, so the first use tries again. */
  preload(): Promise<void>;
  /** True once the code is in: the component then draws at once, without React's fallback. */
  loaded(): boolean;
};

export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const get = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  const Lazy = lazy(get);
  function View(props: P) {
    // Decided once per use: switching from the lazy wrapper to the component would remount it.
    const [Direct] = useState(() => loaded);
    return Direct ? <Direct {...props} /> : <Lazy {...props} />;
  }
  View.loaded = () => loaded !== null;
  View.preload = () =>
    get().then(
      () => undefined,
      () => undefined,
    );
  return View;
}
