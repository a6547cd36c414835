import { ruleTester } from '../rule-cases.ts';
import { rule } from './unknown-trigger.ts';

const call = { endpoint: 'prueba.simular', outcome: { else: { modal: 'errorGenerico' } } };

ruleTester(rule, {
  valid: [
    {
      name: 'submit of a form, enter and submit of a simulator',
      change: (f) => void (f.steps.simulador!.calls!.enter = call),
    },
    { name: "the simulator's reject link", change: (f) => void (f.steps.simulador!.calls!.rechazar = call) },
    {
      name: "the message view's button action",
      change: (f) => {
        f.steps.fin!.props = { button: 'app.ok', action: 'seguir' };
        f.steps.fin!.calls = { seguir: call };
      },
    },
  ],
  invalid: [
    {
      name: 'a misspelt trigger, with a suggestion',
      change: (f) => void (f.steps.datos!.calls = { sumbit: f.steps.datos!.calls!.submit! }),
      errors: [
        { messageId: 'trigger', path: '/steps/datos/calls/sumbit', message: 'Did you mean "submit"?' },
      ],
    },
    {
      name: 'submit on a view without a button',
      change: (f) => {
        f.steps.fin!.view = 'loading';
        f.steps.fin!.calls = { submit: call };
      },
      errors: [{ messageId: 'trigger', path: '/steps/fin/calls/submit', message: 'It raises: enter.' }],
    },
    {
      name: 'resend on a view other than token',
      change: (f) => void (f.steps.simulador!.calls!.resend = call),
      errors: [{ messageId: 'trigger' }],
    },
  ],
});
