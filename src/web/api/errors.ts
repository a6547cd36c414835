/**
 * The client's error classes: one per HTTP status the spec names (204, 400, 401, 403, 404,
 * 409, 500, 504), a generic one for any other status, and two for calls that never got an
 * answer (network failure, client timeout). Each carries the spec's Spanish message.
 */
import { isAnswerStatus } from '../../engine/answer-status.ts';
import { t } from '../lib/i18n.ts';

/** Base class: `kind` is the stable name the engine's `failure` event carries. */
export class ApiError extends Error {
  readonly kind: string;
  readonly status: number | undefined;
  readonly body: unknown;
  /** The server's id of the failed request (`X-Request-Id`), shown as the reference code. */
  reference: string | undefined;
  constructor(kind: string, messageKey: string, status?: number, body?: unknown) {
    super(t(messageKey));
    this.name = kind;
    this.kind = kind;
    this.status = status;
    this.body = body;
  }
}

export class NoContentError extends ApiError {
  constructor(body?: unknown) {
    super('NoContentError', 'error.noContent', 204, body);
  }
}
export class BadRequestError extends ApiError {
  constructor(body?: unknown) {
    super('BadRequestError', 'error.badRequest', 400, body);
  }
}
export class UnauthorizedError extends ApiError {
  constructor(body?: unknown) {
    super('UnauthorizedError', 'error.unauthorized', 401, body);
  }
}
export class ForbiddenError extends ApiError {
  constructor(body?: unknown) {
    super('ForbiddenError', 'error.forbidden', 403, body);
  }
}
export class NotFoundError extends ApiError {
  constructor(body?: unknown) {
    super('NotFoundError', 'error.notFound', 404, body);
  }
}
export class ConflictError extends ApiError {
  constructor(body?: unknown) {
    super('ConflictError', 'error.conflict', 409, body);
  }
}
export class ServerError extends ApiError {
  constructor(body?: unknown) {
    super('ServerError', 'error.serverError', 500, body);
  }
}
export class GatewayTimeoutError extends ApiError {
  constructor(body?: unknown) {
    super('GatewayTimeoutError', 'error.gatewayTimeout', 504, body);
  }
}
/** Any other status but 200 and 201. */
export class UnknownError extends ApiError {
  constructor(status?: number, body?: unknown) {
    super('UnknownError', 'error.unknown', status, body);
  }
}
/** `fetch` itself failed: offline, DNS, connection dropped. The runtime retries these when back online. */
export class NetworkError extends ApiError {
  constructor() {
    super('NetworkError', 'error.network');
  }
}
/** No answer within the endpoint's timeout. */
export class ServiceTimeoutError extends ApiError {
  constructor() {
    super('ServiceTimeoutError', 'error.serviceTimeout');
  }
}

const byStatus: Readonly<Record<number, new (body?: unknown) => ApiError>> = {
  204: NoContentError,
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  409: ConflictError,
  500: ServerError,
  504: GatewayTimeoutError,
};

/** The error for an HTTP status that is not a usable answer, or null for a success (200 or 201). */
export function errorForStatus(status: number, body?: unknown): ApiError | null {
  if (isAnswerStatus(status)) return null;
  const known = byStatus[status];
  if (known) return new known(body);
  return new UnknownError(status, body);
}
