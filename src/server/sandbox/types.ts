/**
 * The contract between the server platform (routing, validation, storage, sockets, sessions)
 * and the sandbox's business handlers. The platform dispatches every registry endpoint to
 * `handlers[endpoint.id]`; a handler answers with a body (and optionally a status).
 */
import type { EndpointDef } from '../../engine/endpoint-types.ts';

/** SQL access, the same over PGlite and PostgreSQL (`$1` placeholders). */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs `fn` in one transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
}

/** The service's clock: real time plus the sandbox offset (`POST /__sandbox/clock`). */
export interface Clock {
  now(): number;
}

/** A logged-in promoter, from the session cookie. */
export interface PromoterSession {
  id: string;
  usuario: string;
  nombreUsuario: string;
  nombreUsuarioPersona: string;
  codigoEntidad: number;
  codigoUsuario: string;
  canal: number;
  productos: { ti_solpro: number }[];
}

/** Services the handlers may use. */
export interface Services {
  db: Db;
  clock: Clock;
  settings: {
    evaluationDelayMs: number;
    rateCapTea: number;
    jwtSecret: string;
    publicUrl: string;
    /** Biometric provider calls one client address may make per hour (default 120). */
    biometricCallsPerAddressHour?: number;
    /** Idle time after which a conversion application's resume link is texted (default 15 minutes). */
    conversionIdleMs?: number;
  };
  /** Sends an SMS through the provider adapter (the sandbox writes it to the outbox). */
  sms: { send(msg: { celular: string; texto: string; token?: string; enlace?: string }): Promise<void> };
  /**
   * Emits to a socket.io namespace room (the policy evaluation result) after storing it as the
   * room's last result; `stored` when the caller already stored it in its own transaction.
   */
  sockets: {
    emit(
      namespace: '/credinstante' | '/celulares',
      room: string,
      event: string,
      payload: unknown,
      options?: { stored?: boolean },
    ): void;
  };
  /** Schedules work after `ms` (uses the real clock; the sandbox delay setting). */
  later(ms: number, fn: () => Promise<void>): void;
  /** The service's log (one JSON line each; never personal data: ids and error types only). */
  log: { warn(obj: object, msg: string): void };
}

export interface HandlerRequest {
  endpoint: EndpointDef;
  /** Validated request body (already checked against the endpoint's request schema). */
  body: Record<string, unknown>;
  /** Path placeholders by name. */
  params: Record<string, string>;
  query: Record<string, string>;
  promoter: PromoterSession | null;
  ip: string;
  /** The caller's browser session (the holder of the applications it opened), when it has one. */
  holder?: string | null;
}

export interface HandlerReply {
  /** HTTP status; 200 by default. */
  status?: number;
  /** JSON body, or a PDF (`contentType: 'application/pdf'`). */
  body: unknown;
  contentType?: string;
  /**
   * Cookies/headers are the platform's business; handlers only answer. The promoter-session
   * handlers ask the platform to set the session cookie (`token`) or to clear it.
   */
  session?: { token: string } | { clear: true };
}

export type Handler = (req: HandlerRequest, svc: Services) => Promise<HandlerReply>;

/** Handlers by endpoint id. Each family file exports one of these. */
export type HandlerMap = Record<string, Handler>;

/** A client mistake found by a handler: the platform answers 400 'Parámetros inválidos' with these fields. */
export class BadInput extends Error {
  constructor(readonly fields: { path: string; message: string }[]) {
    super('Parámetros inválidos');
  }
}
