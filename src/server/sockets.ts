/**
 * The evaluation-result sockets: socket.io namespaces `/credinstante` and `/celulares` on the
 * same server. A client emits `join` with its prospect id and receives the result event the
 * handlers emit for that room. The last result per room is stored (`socket_results`), so a
 * client that joins late, reconnects or lands on another instance still receives it.
 *
 * Scaling: with several instances, the Redis adapter (`REDIS_URL`, `socket-redis.ts`) carries
 * an emit on one instance to a client connected to another; the stored result covers a client
 * that joins after the result.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions } from 'socket.io';
import type { Db, Services } from './sandbox/types.ts';
import { storeSocketResult } from './socket-results.ts';

export const SOCKET_NAMESPACES = ['/credinstante', '/celulares'] as const;
type Namespace = (typeof SOCKET_NAMESPACES)[number];

/** The socket layer: the handlers' `sockets` service plus shutdown. */
export type SocketHub = Services['sockets'] & {
  /** Resolves once every pending result is stored (tests, shutdown). */
  flush(): Promise<void>;
  close(): Promise<void>;
};

interface Logger {
  error(obj: object, msg: string): void;
}

/** How the socket layer reaches the other instances. */
export interface SocketOptions {
  /** The socket.io adapter shared by every instance (Redis); in-process when absent. */
  adapter?: ServerOptions['adapter'];
}

/** Attaches socket.io to `server`. */
export function attachSockets(
  server: HttpServer,
  db: Db,
  log: Logger,
  options: SocketOptions = {},
): SocketHub {
  const io = new Server(server, {
    serveClient: false,
    path: '/socket.io',
    ...(options.adapter !== undefined ? { adapter: options.adapter } : {}),
  });
  for (const ns of SOCKET_NAMESPACES) {
    io.of(ns).on('connection', (socket) => {
      socket.on('join', (room: unknown, ack?: unknown) => {
        if (typeof room !== 'string' && typeof room !== 'number') return;
        const id = String(room);
        if (id.length === 0 || id.length > 100) return;
        void socket.join(id);
        db.query<{ event: string; payload: unknown }>(
          'SELECT event, payload FROM socket_results WHERE namespace = $1 AND room = $2',
          [ns, id],
        )
          .then(({ rows }) => {
            const row = rows[0];
            if (row) socket.emit(row.event, row.payload);
            if (typeof ack === 'function') (ack as (ok: boolean) => void)(true);
          })
          .catch((err: Error) =>
            log.error(
              { err: { type: err.name, stack: err.stack } },
              'no se pudo leer el resultado guardado del socket',
            ),
          );
      });
    });
  }
  const pending = new Set<Promise<unknown>>();
  return {
    emit(
      namespace: Namespace,
      room: string,
      event: string,
      payload: unknown,
      options?: { stored?: boolean },
    ) {
      // Stored before it is sent: a client joining in between reads it from the table.
      // Results emitted together are stored with one statement (socket-results.ts).
      const stored =
        options?.stored === true
          ? Promise.resolve()
          : storeSocketResult(db, { namespace, room, event, payload });
      const p = stored
        .then(() => {
          io.of(namespace).to(room).emit(event, payload);
        })
        .catch((err: Error) =>
          log.error(
            { err: { type: err.name, stack: err.stack } },
            'no se pudo guardar el resultado del socket',
          ),
        )
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    flush: async () => {
      await Promise.all([...pending]);
    },
    close: async () => {
      await Promise.all([...pending]);
      await new Promise<void>((resolve) => {
        void io.close(() => resolve());
      });
    },
  };
}
