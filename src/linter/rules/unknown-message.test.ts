import { testRule } from '../rule-tester.ts';

testRule('unknown-message', {
  valid: [
    { name: 'every key exists', change: () => undefined },
    {
      name: 'a key with no close match is missing-message, not this rule',
      change: (f) => void (f.title = 'product.otroProductoNuevo'),
    },
  ],
  invalid: [
    {
      name: 'a step title typo',
      change: (f) => void (f.steps.datos!.title = 'step.dato'),
      problems: ['The i18n key "step.dato" is not in i18n/es-PE.json. Did you mean "step.datos"?'],
    },
    {
      name: 'a button label typo',
      change: (f) => void (f.modals!.enProceso!.buttons = [{ label: 'app.okk', action: { reset: true } }]),
      problems: ['The i18n key "app.okk" is not in i18n/es-PE.json. Did you mean "app.ok"?'],
    },
    {
      name: 'a message key in view props (…Key)',
      change: (f) => void (f.steps.fin!.props = { messageKey: 'modal.enProces' }),
      problems: ['Did you mean "modal.enProceso"?'],
    },
  ],
});
