/**
 * Captcha v3 behind one interface, so flows and forms ask for a token without knowing the
 * provider. Off (a no-op) in sandbox mode and when no site key is configured; otherwise the
 * Google v3 script is loaded on first use. Its badge is hidden by CSS (`.grecaptcha-badge`
 * in the shell's stylesheet), as the spec asks.
 */
import type { ApiRequest } from '../api/client.ts';
import { isSandbox } from './sandbox-mode.ts';
import { settings } from './settings.ts';

export interface CaptchaProvider {
  /** A token for `action`, or null when the captcha is off. */
  token(action: string): Promise<string | null>;
}

/** The provider used in sandbox mode and without a site key. */
export const noCaptcha: CaptchaProvider = { token: () => Promise.resolve(null) };

interface GoogleRecaptcha {
  ready(cb: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/** Google reCAPTCHA v3: loads `api.js?render=KEY` once, then executes per action. */
export function googleCaptcha(siteKey: string): CaptchaProvider {
  let loaded: Promise<GoogleRecaptcha> | null = null;
  const load = () =>
    (loaded ??= new Promise<GoogleRecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
      script.async = true;
      script.onload = () => {
        const g = (window as unknown as { grecaptcha?: GoogleRecaptcha }).grecaptcha;
        if (g) g.ready(() => resolve(g));
        else reject(new Error('captcha: the reCAPTCHA script loaded but defined no grecaptcha'));
      };
      script.onerror = () => reject(new Error(`captcha: could not load ${script.src}`));
      document.head.appendChild(script);
    }));
  return { token: async (action) => (await load()).execute(siteKey, { action }) };
}

let chosen: Promise<CaptchaProvider> | null = null;

/** The provider of this page: no-op in sandbox mode or without a key, Google v3 otherwise. */
export function captcha(): Promise<CaptchaProvider> {
  if (chosen) return chosen;
  const key = settings().captchaSiteKey;
  // Without a key there is nothing to ask the server about.
  chosen =
    key === null
      ? Promise.resolve(noCaptcha)
      : isSandbox().then((sandbox) => (sandbox ? noCaptcha : googleCaptcha(key)));
  return chosen;
}

/** How long a call waits for its token: a script that loads but never answers must not hold the applicant. */
export const CAPTCHA_WAIT_MS = 5000;

/** A reCAPTCHA action name: only letters, digits, `/` and `_` are allowed (`lde.preEvaluate` → `lde_preEvaluate`). */
export function captchaActionName(name: string): string {
  return name.replace(/[^A-Za-z0-9/_]/g, '_');
}

/**
 * `req` with a fresh token for its `captchaAction`: a token is single-use and lives two
 * minutes, so every attempt (a retry after a dropped connection too) asks for its own. A
 * request without an action, the captcha off, or a provider that fails or has not answered
 * within `waitMs` (its script blocked or unreachable) sends `req` as it is: the gateway decides what a call without a token
 * gets, and a script that did not load does not stop the applicant on this side.
 */
export async function withCaptcha(
  req: ApiRequest,
  provider: Promise<CaptchaProvider> = captcha(),
  waitMs: number = CAPTCHA_WAIT_MS,
): Promise<ApiRequest> {
  if (req.captchaAction === undefined) return req;
  const action = captchaActionName(req.captchaAction);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`captcha: no token for "${action}" after ${waitMs} ms`)),
      waitMs,
    );
  });
  let token: string | null = null;
  try {
    token = await Promise.race([provider.then((p) => p.token(action)), late]);
  } catch (error) {
    console.warn(error instanceof Error ? error.message : error);
  } finally {
    clearTimeout(timer);
  }
  return token ? { ...req, captchaToken: token } : req;
}
