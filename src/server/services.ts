/**
 * The services handed to every sandbox handler: database, clock, settings, the SMS adapter
 * (the sandbox writes to the outbox that `GET /__sandbox/outbox` reads), sockets and delayed
 * work.
 */
import type { Services } from './sandbox/types.ts';
import type { SandboxClock } from './clock.ts';
import type { PlatformDb } from './db/open-db.ts';
import type { Settings } from './settings.ts';
import type { SocketHub } from './sockets.ts';

/** The handlers' services plus the platform's control over delayed work. */
export interface PlatformServices extends Services {
  clock: SandboxClock;
  /** Cancels delayed work not yet run (sandbox reset, shutdown). */
  cancelLater(): void;
  /** Resolves when delayed work now running has finished. */
  settle(): Promise<void>;
}

interface Logger {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Builds the services over the open database, clock and sockets. */
export function createServices(
  settings: Settings,
  db: PlatformDb,
  clock: SandboxClock,
  sockets: SocketHub,
  log: Logger,
): PlatformServices {
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  return {
    db,
    clock,
    settings: {
      evaluationDelayMs: settings.evaluationDelayMs,
      rateCapTea: settings.rateCapTea,
      jwtSecret: settings.jwtSecret,
      publicUrl: settings.publicUrl,
      biometricCallsPerAddressHour: settings.biometricCallsPerAddressHour,
      conversionIdleMs: settings.conversionIdleMs,
    },
    sms: {
      async send(msg) {
        await db.query(
          'INSERT INTO sms_outbox (celular, texto, token, enlace, enviado_en) VALUES ($1, $2, $3, $4, $5)',
          [msg.celular, msg.texto, msg.token ?? null, msg.enlace ?? null, new Date(clock.now())],
        );
      },
    },
    sockets,
    later(ms, fn) {
      const t = setTimeout(() => {
        timers.delete(t);
        const p = fn()
          .catch((err: Error) =>
            log.error({ err: { type: err.name, stack: err.stack } }, 'falló una tarea diferida'),
          )
          .finally(() => running.delete(p));
        running.add(p);
      }, ms);
      t.unref();
      timers.add(t);
    },
    log: { warn: (obj, msg) => log.warn(obj, msg) },
    cancelLater() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
    settle: async () => {
      await Promise.all([...running]);
    },
  };
}
