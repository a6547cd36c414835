/** The flow controller's dependencies in the browser. */
import type { Effect } from '../../engine/engine-types.ts';
import { request } from '../api/client.ts';
import { browserOnline, requestWhenOnline } from '../api/request-when-online.ts';
import { withCaptcha } from '../lib/captcha.ts';
import { track } from '../lib/tracker.ts';
import { beginLoading } from '../stores/ui-store.ts';
import type { FlowDeps, SocketWait } from './flow-controller.ts';
import { saveHandoff } from './flow-session.ts';
import { withResumeMark } from './resume-mark.ts';

type SocketEffect = Extract<Effect, { type: 'socket' }>;

/**
 * Opens a socket.io namespace (the client library loads only when a flow waits), joins
 * the room and reports the first message of the event. Rejoins after a reconnect, so a
 * dropped connection keeps waiting for the same evaluation.
 */
function openSocket(effect: SocketEffect, onMessage: (message: unknown) => void): SocketWait {
  let closed = false;
  let close = () => {
    closed = true;
  };
  void import('socket.io-client').then(({ io }) => {
    if (closed) return;
    const socket = io(effect.namespace, { transports: ['websocket', 'polling'] });
    socket.on('connect', () => socket.emit('join', effect.room));
    socket.on(effect.event, (message: unknown) => {
      if (!closed) onMessage(message);
    });
    close = () => {
      closed = true;
      socket.close();
    };
  });
  return { close: () => close() };
}

export function browserDeps(navigate: (to: string) => void): FlowDeps {
  const storage = withResumeMark(
    window.sessionStorage,
    () => window.location.pathname,
    (cookie) => (document.cookie = cookie),
  );
  return {
    storage,
    now: () => Date.now(),
    // A creating call gets a captcha token before each attempt (none while the captcha is off).
    request: (req, isCancelled) =>
      requestWhenOnline(req, browserOnline, isCancelled, async (r) => request(await withCaptcha(r))),
    openSocket,
    navigate: (to, carry) => {
      if (/^https?:\/\//.test(to)) window.location.assign(to);
      else {
        if (carry !== undefined) saveHandoff(storage, to, carry, Date.now());
        navigate(to);
      }
    },
    reload: () => window.location.reload(),
    track,
    beginLoading,
    newSession: () =>
      crypto.randomUUID
        ? crypto.randomUUID()
        : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  };
}
