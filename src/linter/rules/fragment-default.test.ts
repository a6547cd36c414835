import { readFileSync } from 'node:fs';
import { ruleTester } from '../rule-cases.ts';
import { rule } from './fragment-default.ts';

const FRAGMENT = readFileSync(
  new URL('../../../tests/fixtures/flows/valid/fragmento-consulta.json', import.meta.url),
  'utf8',
);
/** The parameterised test fragment with the default of `param` replaced. */
const withDefault = (param: string, value: string): unknown => {
  const f = JSON.parse(FRAGMENT) as { parameters: Record<string, { default: string }> };
  f.parameters[param]!.default = value;
  return f;
};

ruleTester(rule, {
  valid: [
    {
      name: 'every default names what the fragment uses it for',
      change: () => JSON.parse(FRAGMENT) as unknown,
    },
    { name: 'a flow without parameters', change: () => undefined },
  ],
  invalid: [
    {
      name: 'an endpoint default that is no endpoint, reported at the default',
      change: () => withDefault('consulta', 'prueba.simulr'),
      errors: [
        {
          messageId: 'wrong',
          path: '/parameters/consulta/default',
          message: 'Did you mean "prueba.simular"?',
        },
      ],
    },
    {
      name: 'a step default that is no step',
      change: () => withDefault('alTerminar', 'consultaFn'),
      errors: [
        {
          messageId: 'wrong',
          path: '/parameters/alTerminar/default',
          message: 'Did you mean "consultaFin"?',
        },
      ],
    },
    {
      name: 'a text default that is no text key',
      change: () => withDefault('aviso', 'modal.enProcesso'),
      errors: [
        { messageId: 'wrong', path: '/parameters/aviso/default', message: 'not a key of i18n/es-PE.json' },
      ],
    },
  ],
});
