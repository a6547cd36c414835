/**
 * A small endpoint registry and flow used by the engine's tests: one of each kind of step
 * (form with a call, socket wait with timers, enter call, token), modals with `onClose`,
 * `then` and buttons. Not used at run time.
 */
import type { EndpointDef } from './endpoint-types.ts';
import type { Flow } from './flow-types.ts';

const endpoint = (def: Omit<EndpointDef, 'request' | 'response' | 'summary' | 'family'>): EndpointDef => ({
  request: def.method === 'GET' ? null : 'test.request.json',
  response: 'test.response.json',
  summary: 'test endpoint',
  family: 'lde',
  ...def,
});

export const TEST_ENDPOINTS: Readonly<Record<string, EndpointDef>> = {
  'lde.preEvaluate': endpoint({
    id: 'lde.preEvaluate',
    method: 'POST',
    path: '/v4/prospecto/v2.0/producto/lde',
    timeoutMs: 30000,
    codeField: 'codigoRespuesta',
    codes: ['0', '4', '10', '-6'],
    creates: true,
  }),
  'lde.simulation': endpoint({
    id: 'lde.simulation',
    method: 'GET',
    path: '/kong/prospecto/v2.0/simular/{id}',
    fixedQuery: { tipo: '2' },
    timeoutMs: 60000,
    codeField: 'codRes',
    codes: ['00', '01'],
    creates: false,
  }),
  'token.validate': endpoint({
    id: 'token.validate',
    method: 'POST',
    path: '/kong/token/{grupo}/validar',
    timeoutMs: 30000,
    codeField: 'codRes',
    codes: ['00', '01'],
    creates: true,
  }),
  'token.resend': endpoint({
    id: 'token.resend',
    method: 'POST',
    path: '/kong/token/enviar',
    timeoutMs: 30000,
    codeField: null,
    codes: [],
    creates: true,
  }),
};

/** A fresh copy of the test flow (tests may change their copy). */
export function testFlow(): Flow {
  return structuredClone(TEST_FLOW);
}

const TEST_FLOW: Flow = {
  id: 'prueba',
  title: 'producto.prueba',
  routes: ['/prueba'],
  layout: 'default',
  context: { tipoDocumento: 1, canalAtencion: 2, origen: 4 },
  params: ['utm_source', 'utm_campaign'],
  start: 'datos',
  steps: {
    datos: {
      number: 1,
      view: 'form',
      form: 'lead',
      revisit: true,
      calls: {
        submit: {
          endpoint: 'lde.preEvaluate',
          body: { from: ['context', 'form', 'params'], with: { documento: { var: 'form.dni' } } },
          assign: { codigoProspecto: { var: 'response.prospecto.codigoProspecto' } },
          outcome: {
            rules: [
              {
                if: { '==': [{ var: 'response.prospecto.estadoProspecto' }, 99] },
                then: { modal: 'bloqueado' },
              },
            ],
            cases: {
              '0': { goto: 'evaluacion', track: 'preevaluacion-ok' },
              '4': { goto: 'simulador' },
              '10': { modal: 'solicitudEnProceso' },
              '-6': { modal: 'listaDeEspera', then: { home: true } },
            },
            else: { modal: 'errorGenerico' },
          },
        },
      },
    },
    evaluacion: {
      number: 2,
      view: 'phases',
      wait: {
        socket: '/credinstante',
        event: 'evaluacion',
        room: { var: 'context.codigoProspecto' },
        maxMs: 180000,
        assign: { estadoEvaluacion: { var: 'response.estado' } },
        outcome: {
          on: 'estado',
          cases: { '1': { goto: 'simulador' }, '0': { modal: 'rechazado' } },
          else: { reset: true },
        },
        timeout: { modal: 'tiempoAgotado' },
      },
      timers: [
        { id: 'fase2', ms: 5000, do: { set: { fase: 2 } } },
        { id: 'fase3', ms: 10000, do: { set: { fase: 3 }, track: 'evaluacion-lenta' } },
      ],
    },
    simulador: {
      number: 3,
      view: 'simulator',
      revisit: true,
      calls: {
        enter: {
          endpoint: 'lde.simulation',
          path: { id: { var: 'context.codigoProspecto' } },
          query: { monto: { var: 'context.monto' }, plazo: { var: 'form.plazo' } },
          assign: { plazos: { splitList: { var: 'response.plazos' } } },
          outcome: { cases: { '00': {} }, else: { modal: 'errorGenerico' } },
        },
        resend: {
          endpoint: 'token.resend',
          body: { from: ['context'], pick: ['codigoProspecto'] },
          outcome: { else: {} },
        },
      },
      next: {
        goto: 'token',
        set: {
          'simulacion.plazo': { var: 'form.plazo' },
          'simulacion.monto': { num: { var: 'form.monto' } },
        },
      },
    },
    token: {
      number: 4,
      view: 'token',
      calls: {
        submit: {
          endpoint: 'token.validate',
          path: { grupo: 'CREDINSTANTE' },
          body: { from: ['form'], with: { codigoProspecto: { var: 'context.codigoProspecto' } } },
          outcome: {
            cases: { '00': { goto: 'final' }, '01': { modal: 'tokenIncorrecto' } },
            else: { modal: 'errorGenerico' },
            onError: { set: { errorToken: { var: 'error.kind' } }, modal: 'errorGenerico' },
          },
        },
      },
      timers: [{ id: 'expira', ms: 120000, do: { back: true } }],
    },
    final: { number: 5, view: 'message', final: true },
  },
  modals: {
    bloqueado: { kind: 'error', message: 'm.bloqueado', onClose: { home: true } },
    solicitudEnProceso: { kind: 'alert', message: 'm.enProceso', onClose: { reset: true } },
    listaDeEspera: { kind: 'alert', message: 'm.espera', onClose: { reset: true } },
    errorGenerico: { kind: 'error', message: 'm.error' },
    rechazado: {
      kind: 'confirm',
      message: 'm.rechazado',
      buttons: [
        { label: 'b.salir', action: { redirect: '/celulares' } },
        { label: 'b.reintentar', action: { goto: 'datos' } },
      ],
    },
    tiempoAgotado: { kind: 'alert', message: 'm.tiempo', onClose: { reload: true } },
    tokenIncorrecto: { kind: 'alert', message: 'm.token', onClose: { back: true } },
  },
};
