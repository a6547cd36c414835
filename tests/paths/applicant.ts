/**
 * One simulated applicant against the in-process service: carries out the engine's call
 * effects as the web runtime's API client does (same method, path, query, body and
 * `Idempotency-Key`), over `app.inject`, with a cookie jar of its own like a browser; waits
 * on the evaluation socket of a listening test server with those cookies.
 */
import { io } from 'socket.io-client';
import type { Effect } from '../../src/engine/index.ts';
import type { startTestApp } from '../../src/server/test-support.ts';

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type CallEffect = Extract<Effect, { type: 'call' }>;
type SocketEffect = Extract<Effect, { type: 'socket' }>;

export interface Answer {
  status: number;
  body: unknown;
  text: string;
}

/** Applicants made so far: each gets its own client address, as each phone has one. */
let applicants = 0;

export class Applicant {
  private readonly jar = new Map<string, string>();
  /** This applicant's client address (the per-address limits count each phone apart). */
  private readonly address = ((n) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`)(++applicants);

  constructor(
    private readonly app: TestApp,
    private readonly port: number,
  ) {}

  private get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Sends a request and keeps the cookies it sets (an empty value or Max-Age=0 drops one). */
  async request(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const res = await this.app.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: this.address,
      ...(body === undefined || body === null ? {} : { payload: body }),
      headers: {
        accept: 'application/json',
        ...(body === undefined || body === null ? {} : { 'content-type': 'application/json' }),
        ...(this.jar.size > 0 ? { cookie: this.cookie } : {}),
        ...headers,
      },
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const gone =
        c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() < Date.now());
      if (gone) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    let parsed: unknown;
    try {
      parsed = res.body === '' ? null : (JSON.parse(res.body) as unknown);
    } catch {
      parsed = res.body;
    }
    return { status: res.statusCode, body: parsed, text: res.body };
  }

  /** A call effect, as `src/web/api/client.ts` sends it (with `headers` of a tester's on top). */
  call(effect: CallEffect, headers: Record<string, string> = {}): Promise<Answer> {
    const qs = new URLSearchParams(effect.query).toString();
    return this.request(effect.method, effect.path + (qs ? `?${qs}` : ''), effect.body ?? undefined, {
      ...(effect.idempotent ? { 'idempotency-key': effect.requestId } : {}),
      ...headers,
    });
  }

  /** The first message of a socket wait, or `undefined` when none comes within `ms`. */
  async wait(effect: SocketEffect, ms: number): Promise<unknown> {
    const socket = io(`http://127.0.0.1:${this.port}${effect.namespace}`, {
      transports: ['websocket'],
      reconnection: false,
      ...(this.jar.size > 0 ? { extraHeaders: { cookie: this.cookie } } : {}),
    });
    try {
      return await new Promise<unknown>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), ms);
        socket.on(effect.event, (message: unknown) => {
          clearTimeout(timer);
          resolve(message);
        });
        socket.on('connect', () => socket.emit('join', effect.room));
      });
    } finally {
      socket.close();
    }
  }
}
