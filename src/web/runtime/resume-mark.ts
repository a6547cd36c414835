/**
 * A mark for the server that this browser keeps an application of the flow at an address (a
 * saved session, a handoff waiting there): a cookie `resume=1` bound to that path, kept as
 * long as a session lives. The server then sends `index.html` for that address instead of the
 * build's blank first step (`src/server/static-site.ts`), so a reload in the middle of an
 * application never shows an empty form before the step it resumes. The cookie carries
 * nothing else; the session itself stays in this tab's storage.
 */
import { SESSION_MAX_AGE_MS } from './flow-session.ts';

/** The cookie's name, which the server reads. */
export const RESUME_COOKIE = 'resume';

type KeyValue = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The cookie that marks (`kept`) or unmarks `path`. */
export function resumeCookie(path: string, kept: boolean): string {
  const at = path.replace(/(.)\/$/, '$1');
  return `${RESUME_COOKIE}=1; Path=${at}; SameSite=Lax; Max-Age=${kept ? SESSION_MAX_AGE_MS / 1000 : 0}`;
}

/** The address a stored key belongs to: a flow's session is at `here`, a handoff names its own. */
function addressOf(key: string, here: () => string): string | null {
  if (key.startsWith('flow:')) return here();
  if (key.startsWith('handoff:')) return key.slice('handoff:'.length);
  return null;
}

/**
 * How long a written mark is left as it is: a session is saved on every field typed, and
 * writing `document.cookie` each time costs more than the save. Rewritten after this, the
 * mark still outlives the session it marks by at most this much.
 */
export const MARK_REFRESH_MS = 60_000;

/**
 * `storage` that marks the address of every session or handoff it saves, and unmarks it when
 * one is removed. `setCookie` writes a cookie (`document.cookie = …` in the browser); the
 * same mark is not written again within `MARK_REFRESH_MS`.
 */
export function withResumeMark(
  storage: KeyValue,
  here: () => string,
  setCookie: (cookie: string) => void,
  now: () => number = Date.now,
): KeyValue {
  const written = new Map<string, { cookie: string; at: number }>();
  const mark = (key: string, kept: boolean) => {
    const address = addressOf(key, here);
    if (address === null) return;
    const cookie = resumeCookie(address, kept);
    const last = written.get(address);
    const at = now();
    if (last?.cookie === cookie && at - last.at < MARK_REFRESH_MS) return;
    written.set(address, { cookie, at });
    setCookie(cookie);
  };
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => {
      storage.setItem(key, value);
      mark(key, true);
    },
    removeItem: (key) => {
      storage.removeItem(key);
      mark(key, false);
    },
  };
}
