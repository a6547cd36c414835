/**
 * The shared HTTP client (spec 001 §7): base at the site root, `Accept: application/json`,
 * same-origin credentials, a timeout per call, an `Idempotency-Key` (and, with the captcha on,
 * an `X-Captcha-Token`) on creating calls, and the spec's error classes for failed answers. Reading outcome codes is the engine's business.
 */
import { errorForStatus, NetworkError, ServiceTimeoutError, UnauthorizedError } from './errors.ts';
import { effectiveTimeout } from '../lib/settings.ts';
import { noteCallOutcome, referenceOf } from './reference.ts';

export interface ApiRequest {
  method: string;
  /** Path from the site root, placeholders already filled (e.g. `/v4/prospecto/v2.0/producto/lde`). */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Client timeout; the call fails with `ServiceTimeoutError` after it. */
  timeoutMs: number;
  /** Sent as `Idempotency-Key`: the same key on a retry lets the server answer once. */
  idempotencyKey?: string;
  /**
   * The captcha action of a call that creates something (`lib/captcha.ts` turns it into a
   * token before each attempt); calls that only read carry none.
   */
  captchaAction?: string;
  /** Sent as `X-Captcha-Token`, for the gateway to verify; absent while the captcha is off. */
  captchaToken?: string;
  /** A 401 is only this call's answer: the app is not told to send the promoter to log in. */
  quietUnauthorized?: boolean;
}

export interface ApiResponse {
  status: number;
  body: unknown;
}

/**
 * Dispatched on `window` when a call answers 401. The app clears the promoter and goes to
 * `/promotor` (start.tsx), without the entry having to load this client.
 */
export const UNAUTHORIZED_EVENT = 'api:unauthorized';

function urlOf(path: string, query?: Record<string, string>): string {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  return url.origin === window.location.origin ? url.pathname + url.search : url.href;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Sends one request. Resolves with the status and parsed body of a 200 or 201 answer;
 * rejects with an `ApiError` subclass otherwise.
 */
export async function request(req: ApiRequest): Promise<ApiResponse> {
  // The site's own header: calls that text an SMS by GET require it, and no other site can send
  // it (a cross-site request with a custom header needs a CORS preflight the service refuses).
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (req.body !== undefined && req.body !== null) headers['Content-Type'] = 'application/json';
  if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;
  if (req.captchaToken) headers['X-Captcha-Token'] = req.captchaToken;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, effectiveTimeout(req.timeoutMs));

  let response: Response;
  try {
    response = await fetch(urlOf(req.path, req.query), {
      method: req.method,
      headers,
      body: req.body === undefined || req.body === null ? null : JSON.stringify(req.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    throw timedOut ? new ServiceTimeoutError() : new NetworkError();
  }
  let body: unknown;
  try {
    body = await readBody(response);
  } catch {
    throw timedOut ? new ServiceTimeoutError() : new NetworkError();
  } finally {
    clearTimeout(timer);
  }
  const error = errorForStatus(response.status, body);
  noteCallOutcome(error !== null, response);
  if (error) {
    error.reference = referenceOf(response) ?? undefined;
    if (error instanceof UnauthorizedError && !req.quietUnauthorized)
      window.dispatchEvent(new Event(UNAUTHORIZED_EVENT));
    throw error;
  }
  return { status: response.status, body };
}
