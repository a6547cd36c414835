/**
 * The evaluation sockets in upstream mode: the browser connects to `/credinstante` or
 * `/celulares` on this server as in the sandbox, and each connection is relayed to the same
 * namespace on the lender's gateway through a socket.io client of its own. Events (and their
 * acknowledgements) pass both ways unchanged; the gateway's basic-auth header is added here,
 * so no credential reaches the browser, as with the HTTP calls.
 *
 * The gateway's socket path is a setting (`UPSTREAM_SOCKET_PATH`, default `/socket.io`).
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { SOCKET_NAMESPACES } from './sockets.ts';

/** Where the gateway's sockets are and how to sign in to them. */
export interface UpstreamSocketOptions {
  /** The gateway (`UPSTREAM_URL`); only its origin is used, the namespace is the path. */
  upstreamUrl: string;
  /** base64 `user:password`, sent as `Authorization: Basic …`. */
  basicAuth: string;
  /** The gateway's socket.io path (`UPSTREAM_SOCKET_PATH`). */
  socketPath: string;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/** The relay's shutdown. */
export interface UpstreamSockets {
  close(): Promise<void>;
}

type Emitter = { emit(event: string, ...args: unknown[]): unknown };

/**
 * Re-emits an event on the other side. A trailing function is the sender's acknowledgement:
 * it is handed on, so the other side's answer comes back to the sender.
 */
function relay(target: ServerSocket | ClientSocket, event: string, args: unknown[]): void {
  const last = args[args.length - 1];
  const out =
    typeof last === 'function'
      ? [...args.slice(0, -1), (...answer: unknown[]) => (last as (...a: unknown[]) => void)(...answer)]
      : args;
  try {
    (target as unknown as Emitter).emit(event, ...out);
  } catch {
    // socket.io refuses its reserved names (connect, disconnect…) as application events:
    // such an event cannot be meant for the other side.
  }
}

/** Attaches the relay to `server` for the evaluation namespaces. */
export function attachUpstreamSockets(
  server: HttpServer,
  options: UpstreamSocketOptions,
  log: Logger,
): UpstreamSockets {
  const io = new Server(server, { serveClient: false, path: '/socket.io' });
  const origin = new URL(options.upstreamUrl).origin;
  let lastWarned = 0;
  for (const ns of SOCKET_NAMESPACES) {
    io.of(ns).on('connection', (socket) => {
      const forwardedFor = [socket.handshake.headers['x-forwarded-for'], socket.handshake.address]
        .filter((v) => typeof v === 'string' && v !== '')
        .join(', ');
      const upstream = connect(origin + ns, {
        path: options.socketPath,
        forceNew: true,
        // Server to server: no long-polling, which needs sticky sessions at the gateway.
        transports: ['websocket'],
        extraHeaders: { authorization: `Basic ${options.basicAuth}`, 'x-forwarded-for': forwardedFor },
      });
      // Events the browser sends before the gateway answers wait in the client's buffer.
      socket.onAny((event: string, ...args: unknown[]) => relay(upstream, event, args));
      upstream.onAny((event: string, ...args: unknown[]) => relay(socket, event, args));
      upstream.on('connect_error', (err: Error) => {
        // Retried by the client; one line a minute is enough to act on.
        if (Date.now() - lastWarned < 60000) return;
        lastWarned = Date.now();
        log.warn(
          { err: { type: err.name, message: err.message }, namespace: ns },
          'no se pudo abrir el socket de la pasarela (UPSTREAM_URL, UPSTREAM_SOCKET_PATH); reintentando',
        );
      });
      upstream.on('disconnect', (reason) => {
        // The gateway closed this applicant's socket on purpose: close the browser's too.
        if (reason === 'io server disconnect') socket.disconnect(true);
      });
      socket.on('disconnect', () => {
        upstream.disconnect();
      });
    });
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        void io.close(() => resolve());
      }),
  };
}
