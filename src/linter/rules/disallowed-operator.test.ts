import { testRule, preEvaluate, simulate } from '../rule-tester.ts';

testRule('disallowed-operator', {
  valid: [
    { name: 'standard operators', change: () => undefined },
    {
      name: 'a named operation of the engine',
      change: (f) =>
        void (preEvaluate(f).assign = {
          ...preEvaluate(f).assign,
          n: { '+': [1, { var: 'context.tipoDocumento' }] },
        }),
    },
    {
      name: 'data objects with several keys',
      change: (f) => void (preEvaluate(f).body!.with = { datos: { a: 1, b: 2 } }),
    },
  ],
  invalid: [
    {
      name: 'a single equals sign, with a suggestion',
      change: (f) => void (simulate(f).outcome.rules![0]!.if = { '=': [{ var: 'response.codRes' }, '00'] }),
      problems: ['The json-logic operator "=" is not allowed. Did you mean "=="?'],
    },
    {
      name: 'log, nested inside an allowed operator',
      change: (f) => void (preEvaluate(f).assign = { codigoProspecto: { cat: [{ log: 1 }] } }),
      problems: ['The json-logic operator "log" is not allowed.'],
    },
    {
      name: 'an operator in a set action',
      change: (f) =>
        void (preEvaluate(f).outcome.cases!['4'] = { set: { x: { method: ['a', 'b'] } }, goto: 'simulador' }),
      problems: ['"method" is not allowed'],
    },
  ],
});
