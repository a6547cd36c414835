import { ruleTester } from '../rule-cases.ts';
import { rule } from './unused-modal.ts';

ruleTester(rule, {
  valid: [
    { name: 'every modal is opened', change: () => undefined },
    {
      name: 'a modal opened from another modal',
      change: (f) => {
        f.modals!.ayuda = { kind: 'alert', message: 'modal.aviso' };
        f.modals!.enProceso!.buttons = [{ label: 'app.ok', action: { modal: 'ayuda' } }];
      },
    },
  ],
  invalid: [
    {
      name: 'a modal nothing opens',
      change: (f) => void (f.modals!.rechazado = { kind: 'alert', message: 'modal.rechazado' }),
      errors: [{ messageId: 'unused', path: '/modals/rechazado', message: '"modal": "rechazado"' }],
    },
  ],
});
