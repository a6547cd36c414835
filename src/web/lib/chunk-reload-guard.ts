/**
 * When a page chunk fails to load (typically a deploy replaced the hashed files), reload the
 * page to fetch the new ones, but at most once per minute so a chunk that is really gone
 * shows the error page instead of a reload loop. The last reload time lives in sessionStorage.
 */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

interface GuardEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
  /** False while the browser is offline: a reload then would only show the browser's offline page. */
  isOnline: () => boolean;
  waitOnline: () => Promise<void>;
}

const browserEnv = (): GuardEnv => ({
  storage: window.sessionStorage,
  now: () => Date.now(),
  reload: () => window.location.reload(),
  isOnline: () => navigator.onLine,
  waitOnline: () =>
    new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true })),
});

/**
 * Reloads unless a reload for a failed chunk happened less than a minute ago.
 * Returns true when it reloaded.
 */
export function reloadOnceAMinute(env: GuardEnv = browserEnv()): boolean {
  const last = Number(env.storage.getItem(CHUNK_RELOAD_KEY) ?? NaN);
  const now = env.now();
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  env.storage.setItem(CHUNK_RELOAD_KEY, String(now));
  env.reload();
  return true;
}

/** True for the errors browsers and Vite raise when a dynamic import cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch|preload/i.test(
    message,
  );
}

/**
 * Wraps a dynamic import: a chunk failure triggers the guarded reload. When no reload is
 * allowed the error is rethrown, so the route's error page shows. Offline, nothing is
 * reloaded: the import is tried again once the browser is back online.
 */
export function guardedImport<T>(load: () => Promise<T>, given?: GuardEnv): Promise<T> {
  return load().catch(async (error: unknown) => {
    if (!isChunkLoadError(error)) throw error;
    // Read on failure only: the build draws first screens through here, without a browser.
    const env = given ?? browserEnv();
    if (!env.isOnline()) {
      await env.waitOnline();
      return guardedImport(load, env);
    }
    // While the page reloads, stay pending rather than flash the error page.
    if (reloadOnceAMinute(env)) return new Promise<T>(() => undefined);
    throw error;
  });
}

/** Listens for Vite's `vite:preloadError` (a failed preload of a lazy chunk's dependencies). */
export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Offline: let the import fail; `guardedImport` tries it again once back online.
    if (!navigator.onLine) return;
    // Vite rethrows unless prevented; a reload is coming or the route's error page handles it.
    if (reloadOnceAMinute()) event.preventDefault();
  });
}
