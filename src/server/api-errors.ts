/**
 * The error answers every API call shares: a client mistake is a 400 "Parámetros inválidos"
 * with the fields at fault, an oversized body a 413, an unknown path a 404, and anything
 * unexpected a 500 with a generic text (details go to the log, never to the caller).
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { BadInput } from './sandbox/types.ts';
import type { FieldError } from './request-validator.ts';
import { text } from './texts.ts';

/** The outcome code the error answers carry (the spec's general "99"). */
export const ERROR_CODE = '99';

/** Answers 400 with the fields at fault. */
export function badRequest(reply: FastifyReply, errores: FieldError[]): FastifyReply {
  return reply
    .code(400)
    .type('application/json; charset=utf-8')
    .send({ codigoRespuesta: ERROR_CODE, detalleRespuesta: text('error.badRequest'), errores });
}

/** A JSON error answer with a status and an i18n text. */
export function errorAnswer(
  reply: FastifyReply,
  status: number,
  key: string,
  extra: Record<string, unknown> = {},
): FastifyReply {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ codigoRespuesta: ERROR_CODE, detalleRespuesta: text(key), ...extra });
}

/** Why Fastify refused a body, in words a caller can act on. */
function bodyProblem(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'tipo de contenido no admitido: envíe Content-Type: application/json';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'el cuerpo está vacío: envíe un objeto JSON';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'la longitud declarada no coincide con el cuerpo';
    default:
      return err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'el cuerpo no es JSON válido'
        : 'la solicitud no es válida';
  }
}

/** PostgreSQL's data exceptions (class 22: a value out of a column's range, text it cannot store). */
export function isDataError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** Installs the error handler: 400/413 for client mistakes, a generic 500 otherwise. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof BadInput)
      return badRequest(
        reply,
        err.fields.map((f) => ({ campo: f.path, mensaje: f.message })),
      );
    // A value the database refused came from the caller: a 400, never a 500.
    if (isDataError(err)) {
      request.log.warn({ err: { type: err.name, code: err.code } }, 'valor rechazado por la base de datos');
      const key = err.code === '22003' || err.code === '22008' ? 'input.dataRange' : 'input.badText';
      return badRequest(reply, [{ campo: 'body', mensaje: text(key) }]);
    }
    const status = err.statusCode ?? 500;
    if (status === 413) return errorAnswer(reply, 413, 'error.payloadTooLarge');
    if (status >= 400 && status < 500)
      return badRequest(reply, [{ campo: 'body', mensaje: bodyProblem(err) }]);
    // Only the error's kind and stack: messages may quote request data (DNI, phone, income).
    request.log.error({ err: { type: err.name, code: err.code, stack: err.stack } }, 'error inesperado');
    return errorAnswer(reply, 500, 'error.serverError');
  });
}
