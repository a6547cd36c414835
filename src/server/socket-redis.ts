/**
 * The socket.io Redis adapter (`REDIS_URL`): with several instances behind a load balancer,
 * an evaluation result emitted on one instance must reach the applicant connected to another.
 * Every instance publishes its room emits on Redis and relays what the others publish.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';

/** The adapter factory to hand to socket.io, and the shutdown of its two connections. */
export interface RedisAdapterHandle {
  adapter: ReturnType<typeof createAdapter>;
  /** True while both connections are up (readiness). */
  ready(): boolean;
  close(): Promise<void>;
}

interface Logger {
  error(obj: object, msg: string): void;
}

/** Tries at start-up before the start fails; once connected, reconnection never gives up. */
const START_ATTEMPTS = 5;

/**
 * Connects the publishing and subscribing clients. A Redis that does not answer at start-up
 * stops the start with an error naming the address (without its password); a connection lost
 * later is retried with a growing pause, and the error is logged.
 */
export async function connectRedisAdapter(redisUrl: string, log: Logger): Promise<RedisAdapterHandle> {
  let started = false;
  const pub = createClient({
    url: redisUrl,
    socket: {
      connectTimeout: 5000,
      reconnectStrategy: (retries: number, cause: Error) => {
        if (!started && retries >= START_ATTEMPTS) return cause;
        return Math.min(100 * 2 ** retries, 5000);
      },
    },
  });
  const sub = pub.duplicate();
  let lastLogged = 0;
  const onError = (err: Error) => {
    // A lost connection raises an error per retry; one line every 10 s is enough to act on.
    if (!started || Date.now() - lastLogged < 10000) return;
    lastLogged = Date.now();
    log.error(
      { err: { type: err.name, message: err.message } },
      'se perdió la conexión con Redis (REDIS_URL); reintentando',
    );
  };
  pub.on('error', onError);
  sub.on('error', onError);
  try {
    await Promise.all([pub.connect(), sub.connect()]);
  } catch (err) {
    await Promise.allSettled([pub.close(), sub.close()]);
    const where = safeAddress(redisUrl);
    throw new Error(
      `No se pudo conectar con Redis en ${where} (REDIS_URL): ${err instanceof Error ? err.message : String(err)}. ` +
        'Arranque redis-server o corrija REDIS_URL; sin ella el servidor funciona con una sola instancia.',
      { cause: err },
    );
  }
  started = true;
  return {
    adapter: createAdapter(pub, sub),
    ready: () => pub.isReady && sub.isReady,
    close: async () => {
      await Promise.allSettled([sub.close(), pub.close()]);
    },
  };
}

/** The address without credentials, for messages. */
function safeAddress(redisUrl: string): string {
  try {
    const u = new URL(redisUrl);
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return 'REDIS_URL';
  }
}
