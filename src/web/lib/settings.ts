/**
 * The web runtime's settings, read in one place.
 *
 * - `VITE_CAPTCHA_SITE_KEY` (build time): the captcha v3 site key; without it the captcha is off.
 * - `?__timeoutMs=N` (any page; kept for the tab in sessionStorage): caps every call's client
 *   timeout at N ms. Browser tests use it to reach the service-timeout message without
 *   waiting a minute; it can only shorten a timeout, never lengthen one.
 */
const TIMEOUT_KEY = 'settings:timeoutCapMs';

export interface WebSettings {
  captchaSiteKey: string | null;
  timeoutCapMs: number | null;
}

function readTimeoutCap(): number | null {
  try {
    const fromUrl = new URLSearchParams(window.location.search).get('__timeoutMs');
    if (fromUrl !== null) window.sessionStorage.setItem(TIMEOUT_KEY, fromUrl);
    const raw = window.sessionStorage.getItem(TIMEOUT_KEY);
    const n = raw === null ? NaN : Number(raw);
    return Number.isFinite(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

let cached: WebSettings | null = null;

/** The settings of this tab (read once). */
export function settings(): WebSettings {
  const key = import.meta.env.VITE_CAPTCHA_SITE_KEY as string | undefined;
  cached ??= { captchaSiteKey: key && key.trim() !== '' ? key.trim() : null, timeoutCapMs: readTimeoutCap() };
  return cached;
}

/** The effective timeout of a call: the endpoint's, capped by `?__timeoutMs` when set. */
export function effectiveTimeout(ms: number): number {
  const cap = settings().timeoutCapMs;
  return cap === null ? ms : Math.min(ms, cap);
}
