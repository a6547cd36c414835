import { describe, expect, it, vi } from 'vitest';
import type { ApiRequest } from '../api/client.ts';
import { captchaActionName, noCaptcha, withCaptcha, type CaptchaProvider } from './captcha.ts';

const creating: ApiRequest = {
  method: 'POST',
  path: '/v4/prospecto/v2.0/producto/lde',
  body: { documento: '45678912' },
  timeoutMs: 5000,
  idempotencyKey: 'k-1',
  captchaAction: 'lde.preEvaluate',
};

describe('the captcha on creating calls', () => {
  it('asks the provider for a token per attempt, under an action name reCAPTCHA accepts', async () => {
    let n = 0;
    const token = vi.fn((_action: string) => Promise.resolve(`tok-${++n}`));
    const provider = Promise.resolve<CaptchaProvider>({ token });
    expect((await withCaptcha(creating, provider)).captchaToken).toBe('tok-1');
    expect((await withCaptcha(creating, provider)).captchaToken).toBe('tok-2');
    expect(token).toHaveBeenCalledWith('lde_preEvaluate');
  });

  it('leaves a call without an action (one that only reads) as it is, without asking', async () => {
    const token = vi.fn(() => Promise.resolve('tok'));
    const reading: ApiRequest = { method: 'GET', path: '/kong/ubigeo/depar', timeoutMs: 5000 };
    expect(await withCaptcha(reading, Promise.resolve({ token }))).toBe(reading);
    expect(token).not.toHaveBeenCalled();
  });

  it('sends the call without a token while the captcha is off (sandbox mode, no site key)', async () => {
    const sent = await withCaptcha(creating, Promise.resolve(noCaptcha));
    expect(sent.captchaToken).toBeUndefined();
    expect(sent.body).toEqual(creating.body);
  });

  it('does not stop the applicant when the captcha script cannot load: the call goes without a token', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing: CaptchaProvider = {
      token: () => Promise.reject(new Error('captcha: could not load the script')),
    };
    const sent = await withCaptcha(creating, Promise.resolve(failing));
    expect(sent.captchaToken).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('captcha: could not load the script');
    warn.mockRestore();
  });

  it('does not hold the call when the provider never answers: it goes without a token after the wait', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const silent: CaptchaProvider = { token: () => new Promise<string>(() => undefined) };
    const sending = withCaptcha(creating, Promise.resolve(silent), 5000);
    await vi.advanceTimersByTimeAsync(5000);
    const sent = await sending;
    expect(sent.captchaToken).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('captcha: no token for "lde_preEvaluate" after 5000 ms');
    warn.mockRestore();
    vi.useRealTimers();
  });

  it('names actions with letters, digits, / and _ only', () => {
    expect(captchaActionName('taxi.step0')).toBe('taxi_step0');
    expect(captchaActionName('promotor_login')).toBe('promotor_login');
    expect(captchaActionName('consumo.quote-v2')).toBe('consumo_quote_v2');
  });
});
