/**
 * Captcha v3 behind one interface, so flows and forms ask for a token without knowing the
 * provider. Off (a no-op) in sandbox mode and when no site key is configured; otherwise the
 * Google v3 script is loaded on first use. Its badge is hidden by CSS (`.grecaptcha-badge`
 * in the shell's stylesheet), as the spec asks.
 */
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
  chosen ??= isSandbox().then((sandbox) => {
    const key = settings().captchaSiteKey;
    return sandbox || key === null ? noCaptcha : googleCaptcha(key);
  });
  return chosen;
}
