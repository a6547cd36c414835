import { readFileSync } from 'node:fs';
import type { Flow } from '../../engine/flow-types.ts';
import { ruleTester } from '../rule-cases.ts';
import { rule } from './unknown-include.ts';

const fixture = (name: string): string =>
  readFileSync(new URL(`../../../tests/fixtures/flows/valid/${name}.json`, import.meta.url), 'utf8');
const fragment = { path: 'flows/fragments/firma-prueba.json', text: fixture('firma-prueba') };
const consulta = { path: 'flows/fragmento-consulta.json', text: fixture('fragmento-consulta') };
/** A product that includes the parameterised fragment and passes it values, as a base of variants. */
const base = {
  path: 'flows/prueba-parametros.json',
  text: JSON.stringify({ ...(JSON.parse(fixture('prueba-parametros')) as Flow), routes: [] }, null, 2),
};
/** A variant of that product (extends it), with `patch` laid over it. */
const variant = (patch: Record<string, unknown>) => (): unknown => ({
  $schema: '../schemas/flow.schema.json',
  extends: 'prueba-parametros',
  id: 'prueba',
  routes: ['/prueba'],
  ...patch,
});

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
    {
      name: 'values passed to an included fragment',
      flows: [consulta],
      change: () => JSON.parse(fixture('prueba-parametros')) as unknown,
    },
    {
      name: "a variant that keeps its base's include",
      flows: [consulta, base],
      change: variant({}),
    },
    {
      name: "a variant that drops the fragment and the base's values for it",
      flows: [consulta, base],
      change: variant({ include: [], includeParams: { 'fragmento-consulta': null } }),
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
    {
      name: 'values passed to a fragment the flow does not include, at the passed name',
      flows: [consulta],
      change: () => ({ ...(JSON.parse(fixture('prueba-parametros')) as Flow), include: [] }),
      errors: [
        {
          messageId: 'notIncluded',
          path: '/includeParams/fragmento-consulta',
          line: 20,
          column: 5,
          message: 'which "include" does not name',
        },
      ],
    },
    {
      name: "a variant that drops the fragment but keeps the base's values, at the variant's include",
      flows: [consulta, base],
      change: variant({ include: [] }),
      errors: [
        {
          messageId: 'inherited',
          path: '/include',
          line: 8,
          column: 3,
          message: '"includeParams" of "prueba-parametros"',
        },
      ],
    },
  ],
});
