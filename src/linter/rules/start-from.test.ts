import { ruleTester } from '../rule-cases.ts';
import { rule } from './start-from.ts';

ruleTester(rule, {
  valid: [
    { name: 'no startFrom', change: () => undefined },
    {
      name: 'a listed parameter starting at a step of the flow',
      change: (f) => void (f.startFrom = { codigoEntidad: 'simulador' }),
    },
  ],
  invalid: [
    {
      name: 'a step that does not exist, with a suggestion, at the entry',
      change: (f) => void (f.startFrom = { codigoEntidad: 'simuladr' }),
      errors: [
        {
          messageId: 'unknownStep',
          path: '/startFrom/codigoEntidad',
          message: 'Did you mean "simulador"?',
        },
      ],
    },
    {
      name: 'a parameter "params" does not list, with a suggestion',
      change: (f) => void (f.startFrom = { codigoEntida: 'simulador' }),
      errors: [
        {
          messageId: 'unknownParam',
          path: '/startFrom/codigoEntida',
          message: 'Did you mean "codigoEntidad"?',
        },
      ],
    },
    {
      name: 'reported at the line and column the analyst wrote',
      change: () =>
        '{\n  "id": "prueba",\n  "routes": ["/prueba"],\n  "params": ["cotizacion"],\n  "startFrom": { "cotizacion": "fn" },\n  "start": "fin",\n  "steps": { "fin": { "number": 1, "view": "message", "final": true } }\n}\n',
      errors: [{ messageId: 'unknownStep', line: 5, column: 32, message: 'Did you mean "fin"?' }],
    },
  ],
});
