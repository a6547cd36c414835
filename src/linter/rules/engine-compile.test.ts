import { testRule, preEvaluate } from '../rule-tester.ts';
import { TEST_ENV } from '../test-env.ts';

testRule('engine-compile', {
  valid: [
    { name: 'the sound test flow compiles', change: () => undefined },
    // Reported at the include entry, with the likely name, by unknown-include.
    { name: 'an included fragment that does not exist', change: (f) => void (f.include = ['firma-prueb']) },
    {
      name: 'a call with its path placeholder',
      change: (f) =>
        void (f.steps.fin = {
          number: 3,
          view: 'message',
          final: true,
          calls: {
            enter: {
              endpoint: 'prueba.consultar',
              path: { dni: { var: 'context.tipoDocumento' } },
              outcome: { cases: { '00': {} }, else: { modal: 'errorGenerico' } },
            },
          },
        }),
    },
    {
      name: 'nothing to say when the environment has no whole endpoint definitions',
      change: (f) => void (preEvaluate(f).outcome.cases!['4'] = { goto: 'simulador', modal: 'enProceso' }),
      env: {
        ...TEST_ENV,
        endpoints: {
          'prueba.preEvaluar': {
            id: 'prueba.preEvaluar',
            codeField: 'codigoRespuesta',
            codes: ['0', '4', '10', '-6'],
          },
          'prueba.simular': { id: 'prueba.simular', codeField: 'codRes', codes: ['00', '01', '99'] },
        },
      },
    },
    {
      name: 'an unknown step is unknown-step, not this rule',
      change: (f) => void (preEvaluate(f).outcome.cases!['0'] = { goto: 'nada' }),
    },
  ],
  invalid: [
    {
      name: 'an action that goes to a step and opens a modal',
      change: (f) => void (preEvaluate(f).outcome.cases!['4'] = { goto: 'simulador', modal: 'enProceso' }),
      problems: [
        'An action does at most one of goto, modal, reset, home, reload, redirect, back; this one has goto and modal.',
      ],
    },
    {
      name: 'a call without the value of its path placeholder',
      change: (f) =>
        void (f.steps.fin = {
          number: 3,
          view: 'message',
          final: true,
          calls: {
            enter: {
              endpoint: 'prueba.consultar',
              outcome: { cases: { '00': {} }, else: { modal: 'errorGenerico' } },
            },
          },
        }),
      problems: ['The endpoint "prueba.consultar" (GET /prueba/prospecto/{dni}) needs a value for "{dni}"'],
    },
    {
      name: 'cases on a call whose endpoint has no code field',
      change: (f) =>
        void (f.steps.fin = {
          number: 3,
          view: 'message',
          final: true,
          calls: { enter: { endpoint: 'prueba.ping', outcome: { cases: { '0': {} }, else: {} } } },
        }),
      problems: ['This outcome has "cases" but no code to compare them with'],
    },
  ],
});
