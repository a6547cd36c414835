import type { Flow } from '../../engine/flow-types.ts';
import { preEvaluate, simulate } from '../rule-tester.ts';
import { ruleTester } from '../rule-cases.ts';
import { rule } from './unused-context.ts';

/** The base flow with a request that sends the form and one context value, and no "ofertaLista". */
const picking = (f: Flow): void => {
  preEvaluate(f).body = { from: ['form'], with: { tipo: { var: 'context.tipoDocumento' } } };
  preEvaluate(f).outcome.cases!['4'] = { goto: 'simulador' };
};

ruleTester(rule, {
  valid: [
    { name: 'a request sends the whole context', change: () => undefined },
    { name: 'every value is read by a var', change: picking },
    {
      name: 'a value the runtime reads by name',
      env: { runtimeContextReads: ['ofertaLista'] },
      change: (f) => {
        picking(f);
        preEvaluate(f).outcome.cases!['4'] = { set: { ofertaLista: true }, goto: 'simulador' };
      },
    },
    {
      name: 'a value a view prop names',
      change: (f) => {
        picking(f);
        preEvaluate(f).outcome.cases!['4'] = { set: { ofertaLista: true }, goto: 'simulador' };
        f.steps.fin!.props = { list: 'ofertaLista' };
      },
    },
  ],
  invalid: [
    {
      name: 'a value set and read by no one',
      change: (f) => {
        picking(f);
        simulate(f).assign = { cuotaElegida: { var: 'response.cuota' } };
      },
      errors: [{ messageId: 'unused', path: '/steps/simulador/calls/submit/assign/cuotaElegida' }],
    },
    {
      name: 'a context default read by no one',
      change: (f) => {
        picking(f);
        f.context = { ...f.context, origen: 4 };
      },
      errors: [{ messageId: 'unused', path: '/context/origen' }],
    },
  ],
});
