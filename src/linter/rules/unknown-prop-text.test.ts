import { ruleTester } from '../rule-cases.ts';
import { rule } from './unknown-prop-text.ts';

ruleTester(rule, {
  valid: [
    {
      name: 'text keys in props that exist',
      change: (f) =>
        void (f.steps.fin!.props = { message: 'modal.enProceso', button: 'app.ok', status: 'success' }),
    },
    {
      name: 'values that are not text keys',
      change: (f) =>
        void (f.steps.fin!.props = { image: 'img/fin.svg', list: 'politicas', archivo: 'carta.pdf' }),
    },
  ],
  invalid: [
    {
      name: 'a misspelt text key in a message prop, with a suggestion',
      change: (f) => void (f.steps.fin!.props = { message: 'modal.enProcesso' }),
      errors: [
        {
          messageId: 'missing',
          path: '/steps/fin/props/message',
          message: 'Did you mean "modal.enProceso"?',
        },
      ],
    },
    {
      name: 'a key nested in a list of a prop',
      change: (f) => void (f.steps.fin!.props = { items: [{ label: 'step.datoss' }] }),
      errors: [{ messageId: 'missing', path: '/steps/fin/props/items/0/label' }],
    },
  ],
});
