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
}

const browserEnv = (): GuardEnv => ({
  storage: window.sessionStorage,
  now: () => Date.now(),
  reload: () => window.location.reload(),
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
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch|preload/i.test(message);
}

/**
 * Wraps a dynamic import: a chunk failure triggers the guarded reload. When no reload is
 * allowed the error is rethrown, so the route's error page shows.
 */
export function guardedImport<T>(load: () => Promise<T>, env?: GuardEnv): Promise<T> {
  return load().catch((error: unknown) => {
    // While the page reloads, stay pending rather than flash the error page.
    if (isChunkLoadError(error) && reloadOnceAMinute(env)) return new Promise<T>(() => undefined);
    throw error;
  });
}

/** Listens for Vite's `vite:preloadError` (a failed preload of a lazy chunk's dependencies). */
export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    // Vite rethrows unless prevented; a reload is coming or the route's error page handles it.
    if (reloadOnceAMinute()) event.preventDefault();
  });
}
