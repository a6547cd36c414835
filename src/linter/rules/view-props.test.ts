import { ruleTester } from '../rule-cases.ts';
import { rule } from './view-props.ts';

ruleTester(rule, {
  valid: [
    { name: 'no props', change: () => undefined },
    {
      name: 'props the views read, of their types',
      change: (f) => {
        f.steps.simulador!.props = { sharedNumber: true, amount: { min: 1000, step: 100 }, plazos: [12, 24] };
        f.steps.fin!.props = { status: 'warning', listFrom: 'politicasObservadas' };
      },
    },
  ],
  invalid: [
    {
      name: 'a prop of another spelling',
      change: (f) => void (f.steps.fin!.props = { list: 'politicasObservadas' }),
      errors: [
        {
          messageId: 'unknown-prop',
          path: '/steps/fin/props/list',
          message:
            'Its props: sharedNumber, title, message, status, image, button, action, listFrom, summary, documents.',
        },
      ],
    },
    {
      name: 'a prop of the wrong type, and a nested unknown key',
      change: (f) => void (f.steps.simulador!.props = { amount: { min: '1000', maximo: 2000 } }),
      errors: [
        {
          messageId: 'prop-type',
          path: '/steps/simulador/props/amount/min',
          message: '"amount.min" is a string, not a number.',
        },
        { messageId: 'unknown-prop', path: '/steps/simulador/props/amount/maximo' },
      ],
    },
    {
      name: 'a value outside the list',
      change: (f) => void (f.steps.fin!.props = { status: 'ok' }),
      errors: [
        {
          messageId: 'prop-type',
          path: '/steps/fin/props/status',
          message: 'expected one of success, error, info, warning',
        },
      ],
    },
  ],
});
