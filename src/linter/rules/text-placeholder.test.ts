import { TEST_ENV } from '../test-env.ts';
import { preEvaluate } from '../rule-tester.ts';
import { ruleTester } from '../rule-cases.ts';
import { rule } from './text-placeholder.ts';

const env = {
  messages: {
    ...TEST_ENV.messages,
    'fin.gracias': 'Gracias, {nombre}: tu código es {codigoProspecto}.',
    'fin.roto': 'Tu código es {codigoProspeto}.',
    'modal.codigo': 'Tu solicitud {codigoProspecto} ya existe.',
    'modal.estado': 'Estado {estadoProspecto}.',
  },
};

ruleTester(rule, {
  valid: [
    {
      name: 'a step text filled by the context and the holder name',
      env,
      change: (f) => void (f.steps.fin!.props = { message: 'fin.gracias' }),
    },
    {
      name: 'a modal text filled by the answer that opens it',
      env,
      change: (f) => void (f.modals!.enProceso!.message = 'modal.codigo'),
    },
  ],
  invalid: [
    {
      name: 'a step text with a placeholder nothing fills, with a suggestion',
      env,
      change: (f) => void (f.steps.fin!.props = { message: 'fin.roto' }),
      errors: [
        { messageId: 'step', path: '/steps/fin/props/message', message: 'Did you mean "codigoProspecto"?' },
      ],
    },
    {
      name: 'a modal text with a field the answer does not have',
      env,
      change: (f) => void (f.modals!.enProceso!.message = 'modal.estado'),
      errors: [{ messageId: 'modal', path: '/modals/enProceso/message' }],
    },
    {
      name: 'a modal opened by a button, which passes no values',
      env,
      change: (f) => {
        f.modals!.aviso = { kind: 'alert', message: 'modal.codigo' };
        f.modals!.errorGenerico!.buttons = [{ label: 'app.ok', action: { modal: 'aviso' } }];
        preEvaluate(f).outcome.cases!['10'] = { modal: 'errorGenerico' };
      },
      errors: [{ messageId: 'modal', path: '/modals/aviso/message' }],
    },
  ],
});
