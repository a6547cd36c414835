import { testRule } from '../rule-tester.ts';

testRule('missing-message', {
  valid: [
    { name: 'every key exists', change: () => undefined },
    {
      name: 'a near miss is unknown-message, not this rule',
      change: (f) => void (f.steps.datos!.title = 'step.dato'),
    },
  ],
  invalid: [
    {
      name: 'a new modal text not yet added',
      change: (f) => void (f.modals!.errorGenerico!.message = 'error.textoNuevoSinAgregar'),
      problems: [
        'The i18n key "error.textoNuevoSinAgregar" is missing from i18n/es-PE.json. Add its Spanish text: node --import tsx scripts/i18n-add.ts error.textoNuevoSinAgregar',
      ],
    },
    {
      name: 'the product title',
      change: (f) => void (f.title = 'product.otroProductoNuevo'),
      problems: ['"product.otroProductoNuevo" is missing'],
    },
    {
      name: 'a list of keys in view props (…Keys)',
      change: (f) => void (f.steps.fin!.props = { phaseKeys: ['step.datos', 'fase.verificandoIdentidad'] }),
      problems: ['"fase.verificandoIdentidad" is missing'],
    },
  ],
});
