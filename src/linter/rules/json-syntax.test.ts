import { ruleTester } from '../rule-cases.ts';
import { rule } from './json-syntax.ts';

const form = (text: string) => [{ path: 'schemas/forms/lead-prueba.json', text }];
const texts = (text: string) => [{ path: 'i18n/es-PE.json', text }];

ruleTester(rule, {
  valid: [
    {
      name: 'sound form and texts',
      files: [...form('{ "type": "object" }'), ...texts('{ "app.ok": "Aceptar" }')],
    },
    { name: 'no other files given', change: () => undefined },
  ],
  invalid: [
    {
      name: 'a missing comma in a form schema',
      files: form('{\n  "type": "object"\n  "required": []\n}\n'),
      errors: [
        {
          messageId: 'syntax',
          file: 'schemas/forms/lead-prueba.json',
          line: 3,
          column: 3,
          message: 'add the comma',
        },
      ],
    },
    {
      name: 'a comma before "}" in the texts',
      files: texts('{\n  "app.ok": "Aceptar",\n}\n'),
      errors: [{ messageId: 'syntax', file: 'i18n/es-PE.json', line: 3, column: 1 }],
    },
    {
      name: 'an unclosed text in the texts',
      files: texts('{\n  "app.ok": "Aceptar\n}\n'),
      errors: [{ messageId: 'syntax', file: 'i18n/es-PE.json', line: 2, message: 'close the text' }],
    },
  ],
});
