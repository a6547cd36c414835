/**
 * The web runtime's settings, read in one place.
 *
 * - `VITE_CAPTCHA_SITE_KEY` (build time): the captcha v3 site key; without it the captcha is off.
 * - `VITE_EXTERNAL_RENEWAL_URL` (build time): the renewal page on the provider's office site,
 *   offered when the online renewal cannot serve (default {@link DEFAULT_EXTERNAL_RENEWAL_URL});
 *   an address that is not http(s) is ignored for the default.
 * - `?__timeoutMs=N` (any page; kept for the tab in sessionStorage): caps every call's client
 *   timeout at N ms. Browser tests use it to reach the service-timeout message without
 *   waiting a minute; it can only shorten a timeout, never lengthen one.
 */
const TIMEOUT_KEY = 'settings:timeoutCapMs';

/** The provider's office-site renewal page when the build names none. */
export const DEFAULT_EXTERNAL_RENEWAL_URL = 'https://www.oficinavirtual.pe/renovacion';

/** The addresses outside the site that flows may link to, by the name a modal's `externalLink.to` uses. */
export interface ExternalLinks {
  renewal: string;
}

export interface WebSettings {
  captchaSiteKey: string | null;
  timeoutCapMs: number | null;
  externalLinks: ExternalLinks;
}

/** `raw` when it is an http(s) address, else `fallback`. */
export function webAddress(raw: string | undefined, fallback: string): string {
  const v = raw?.trim() ?? '';
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? v : fallback;
  } catch {
    return fallback;
  }
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
  cached ??= {
    captchaSiteKey: key && key.trim() !== '' ? key.trim() : null,
    timeoutCapMs: readTimeoutCap(),
    externalLinks: {
      renewal: webAddress(
        import.meta.env.VITE_EXTERNAL_RENEWAL_URL as string | undefined,
        DEFAULT_EXTERNAL_RENEWAL_URL,
      ),
    },
  };
  return cached;
}

/** The effective timeout of a call: the endpoint's, capped by `?__timeoutMs` when set. */
export function effectiveTimeout(ms: number): number {
  const cap = settings().timeoutCapMs;
  return cap === null ? ms : Math.min(ms, cap);
}
