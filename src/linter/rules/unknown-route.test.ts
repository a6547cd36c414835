import { preEvaluate } from '../rule-tester.ts';
import { ruleTester } from '../rule-cases.ts';
import { rule } from './unknown-route.ts';

ruleTester(rule, {
  valid: [
    {
      name: 'a redirect to a route of the site, with a query',
      change: (f) => void (preEvaluate(f).outcome.cases!['10'] = { redirect: '/prueba?origen=2' }),
    },
    {
      name: 'a redirect to another site',
      change: (f) => void (preEvaluate(f).outcome.cases!['10'] = { redirect: 'https://www.example.pe/' }),
    },
  ],
  invalid: [
    {
      name: 'a redirect to a route the site does not have',
      change: (f) => void (preEvaluate(f).outcome.cases!['10'] = { redirect: '/pruebas' }),
      errors: [
        {
          messageId: 'route',
          path: '/steps/datos/calls/submit/outcome/cases/10/redirect',
          message: 'Did you mean "/prueba"?',
        },
      ],
    },
    {
      name: 'in a modal button',
      change: (f) =>
        void (f.modals!.enProceso!.buttons = [{ label: 'app.ok', action: { redirect: '/renovacion' } }]),
      errors: [{ messageId: 'route', path: '/modals/enProceso/buttons/0/action/redirect' }],
    },
  ],
});
