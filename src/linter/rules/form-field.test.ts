import { preEvaluate } from '../rule-tester.ts';
import { ruleTester } from '../rule-cases.ts';
import { rule } from './form-field.ts';

ruleTester(rule, {
  valid: [
    { name: 'no pick', change: () => undefined },
    {
      name: 'picks from the form, the context and "with"',
      change: (f) =>
        void (preEvaluate(f).body = {
          from: ['context', 'form'],
          with: { entidad: 1 },
          pick: ['numeroDocumento', 'tipoDocumento', 'entidad'],
        }),
    },
    {
      name: 'picks a value the runtime puts in the context',
      env: { runtimeContext: ['codigoUsuario'] },
      change: (f) => void (preEvaluate(f).body = { from: ['context'], pick: ['codigoUsuario'] }),
    },
  ],
  invalid: [
    {
      name: 'a field the form does not have, with a suggestion',
      change: (f) => void (preEvaluate(f).body = { from: ['form'], pick: ['numeroDocumento', 'celullar'] }),
      errors: [
        {
          messageId: 'missing',
          path: '/steps/datos/calls/submit/body/pick/1',
          message: 'Did you mean "celular"?',
        },
      ],
    },
    {
      name: 'a context value nobody sets',
      change: (f) => void (preEvaluate(f).body = { from: ['context'], pick: ['codigoUsuario'] }),
      errors: [{ messageId: 'missing' }],
    },
  ],
});
