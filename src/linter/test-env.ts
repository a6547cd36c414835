/**
 * A small, fixed environment for the linter's tests and fixtures: a few endpoints with their
 * codes and response schemas, two forms, the real view ids, a handful of messages, and the
 * routes `/` (a page) and `/prueba` (served by the fixtures).
 */
import type { EndpointDef } from '../engine/endpoint-types.ts';
import { VIEW_IDS } from '../engine/views.ts';
import { lintFlows } from './lint-flows.ts';
import { ALLOWED_OPERATORS } from '../engine/logic.ts';
import type { LintEnv, LintOptions, Problem } from './types.ts';

/** A whole endpoint definition for the tests (the engine-compile rule needs method and path). */
function endpoint(
  id: string,
  method: EndpointDef['method'],
  path: string,
  codeField: string | null,
  codes: string[],
): EndpointDef {
  return {
    id,
    method,
    path,
    codeField,
    codes,
    timeoutMs: 30000,
    creates: method === 'POST',
    request: null,
    response: `${id}.response.json`,
    summary: id,
    family: 'lde',
  };
}

export const TEST_ENV: LintEnv = {
  endpoints: {
    'prueba.preEvaluar': endpoint('prueba.preEvaluar', 'POST', '/prueba/pre-evaluacion', 'codigoRespuesta', [
      '0',
      '4',
      '10',
      '-6',
    ]),
    'prueba.simular': endpoint('prueba.simular', 'POST', '/prueba/simulacion', 'codRes', ['00', '01', '99']),
    'prueba.consultar': endpoint('prueba.consultar', 'GET', '/prueba/prospecto/{dni}', 'codRes', [
      '00',
      '99',
    ]),
    'prueba.ping': endpoint('prueba.ping', 'GET', '/prueba/ping', null, []),
  },
  responseSchemas: {
    'prueba.preEvaluar': {
      type: 'object',
      properties: {
        codigoRespuesta: { type: 'string' },
        codigoProspecto: { type: 'string' },
        prospecto: { $ref: '#/definitions/prospecto' },
      },
      definitions: { prospecto: { type: 'object', properties: { estadoProspecto: { type: 'integer' } } } },
    },
    'prueba.simular': {
      type: 'object',
      properties: {
        codRes: { type: 'string' },
        cuota: { type: 'number' },
        plazos: { type: 'array', items: { type: 'object', properties: { plazo: { type: 'integer' } } } },
      },
    },
  },
  forms: {
    'lead-prueba': {
      schema: {
        type: 'object',
        properties: { numeroDocumento: { type: 'string' }, celular: { type: 'string' } },
      },
    },
    'simulador-prueba': { schema: { type: 'object', properties: { monto: { type: 'number' } } } },
  },
  views: VIEW_IDS,
  messages: {
    'app.ok': 'Aceptar',
    'app.retry': 'Reintentar',
    'error.generic': 'Lo sentimos, ocurrió un error.',
    'modal.aviso': 'Estimado Cliente',
    'modal.demora': 'Tu solicitud está tardando más de lo pensado.',
    'modal.enProceso': 'Tu solicitud está en proceso.',
    'modal.rechazado': 'En este momento no tenemos una oferta para ti.',
    'product.prueba': 'Producto de prueba',
    'step.datos': 'Tus datos',
    'step.evaluando': 'Estamos evaluando tu solicitud',
    'step.fin': '¡Felicidades!',
  },
  routes: ['/', '/prueba'],
  pages: { '/': { page: 'home', title: 'app.home' } },
  operators: ALLOWED_OPERATORS,
};

/** Lints one flow (an object or JSON text) against `TEST_ENV`, running only `ruleId` when given. */
export function lintOne(
  flow: unknown,
  ruleId?: string,
  options: LintOptions = {},
  env: LintEnv = TEST_ENV,
): Problem[] {
  const text = typeof flow === 'string' ? flow : JSON.stringify(flow, null, 2);
  return lintFlows([{ path: 'flows/prueba.json', text }], env, {
    partial: true,
    ...options,
    ...(ruleId ? { only: [ruleId] } : {}),
  });
}
