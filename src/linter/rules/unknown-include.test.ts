import { readFileSync } from 'node:fs';
import { ruleTester } from '../rule-cases.ts';
import { rule } from './unknown-include.ts';

const fragment = {
  path: 'flows/fragments/firma-prueba.json',
  text: readFileSync(
    new URL('../../../tests/fixtures/flows/valid/firma-prueba.json', import.meta.url),
    'utf8',
  ),
};

ruleTester(rule, {
  valid: [
    { name: 'no include', change: () => undefined },
    {
      name: 'a fragment included by its path',
      flows: [fragment],
      change: (f) => void (f.include = ['fragments/firma-prueba']),
    },
    {
      name: 'a fragment included by its id',
      flows: [fragment],
      change: (f) => void (f.include = ['firma-prueba']),
    },
  ],
  invalid: [
    {
      name: 'a misspelt fragment, reported at its include entry',
      flows: [fragment],
      change: (f) => void (f.include = ['fragments/firma-prueba', 'fragments/firma-prueva']),
      errors: [
        { messageId: 'missing', path: '/include/1', message: 'Did you mean "fragments/firma-prueba"?' },
      ],
    },
  ],
});
