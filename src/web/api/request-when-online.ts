/**
 * A request that survives a dropped connection: when the network fails, it waits until the
 * browser is back online (or a short back-off when the browser believes it is online) and
 * sends the same request again with the same `Idempotency-Key`, so the server creates once.
 */
import { request, type ApiRequest, type ApiResponse } from './client.ts';
import { NetworkError } from './errors.ts';

export interface OnlineEnv {
  isOnline(): boolean;
  /** Resolves when the browser reports being online again. */
  waitOnline(): Promise<void>;
  /** Resolves after `ms` (the back-off between retries while "online"). */
  sleep(ms: number): Promise<void>;
}

export const browserOnline: OnlineEnv = {
  isOnline: () => navigator.onLine,
  waitOnline: () =>
    new Promise((resolve) => {
      window.addEventListener('online', () => resolve(), { once: true });
    }),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Back-offs while the browser says it is online but the server cannot be reached. */
const ONLINE_RETRIES_MS = [1000, 3000];

/**
 * Sends `req`, retrying network failures: without limit while the browser is offline
 * (the applicant's data must not be lost), and twice while it claims to be online.
 * `isCancelled` stops the retries (the page was left). Other errors are thrown as they are.
 */
export async function requestWhenOnline(
  req: ApiRequest,
  env: OnlineEnv = browserOnline,
  isCancelled: () => boolean = () => false,
  send: (req: ApiRequest) => Promise<ApiResponse> = request,
): Promise<ApiResponse> {
  let onlineFailures = 0;
  for (;;) {
    if (!env.isOnline()) await env.waitOnline();
    try {
      return await send(req);
    } catch (error) {
      if (!(error instanceof NetworkError) || isCancelled()) throw error;
      if (!env.isOnline()) continue;
      const wait = ONLINE_RETRIES_MS[onlineFailures++];
      if (wait === undefined) throw error;
      await env.sleep(wait);
      if (isCancelled()) throw error;
    }
  }
}
