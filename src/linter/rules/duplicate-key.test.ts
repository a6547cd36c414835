import { ruleTester } from '../rule-cases.ts';
import { rule } from './duplicate-key.ts';

/** The base flow as text with `"title": "step.datos",` written twice in step datos. */
const twiceTitle = (text: string): string =>
  text.replace('"title": "step.datos",', '"title": "step.datos",\n      "title": "step.fin",');

ruleTester(rule, {
  valid: [
    { name: 'no repeated key', change: () => undefined },
    {
      name: 'the same key in two different objects',
      files: [{ path: 'i18n/es-PE.json', text: '{ "a": { "x": 1 }, "b": { "x": 2 } }' }],
    },
    // A repeated case code is shadowed-rule's, with its own message.
    {
      name: 'a repeated case code',
      change: (f) => JSON.stringify(f, null, 2).replace('"10": {', '"4": { "goto": "fin" },\n"10": {'),
    },
  ],
  invalid: [
    {
      name: 'a step property written twice',
      change: (f) => twiceTitle(JSON.stringify(f, null, 2)),
      errors: [{ messageId: 'duplicate', message: 'Key "title" appears twice' }],
    },
    {
      name: 'a text key written twice in the texts',
      files: [{ path: 'i18n/es-PE.json', text: '{\n  "app.ok": "Aceptar",\n  "app.ok": "OK"\n}\n' }],
      errors: [
        { messageId: 'duplicate', file: 'i18n/es-PE.json', line: 3, column: 3, message: '(first at line 2)' },
      ],
    },
    {
      name: 'a property written twice in a form schema',
      files: [
        {
          path: 'schemas/forms/lead-prueba.json',
          text: '{ "properties": { "dni": {}, "dni": { "type": "string" } } }',
        },
      ],
      errors: [{ messageId: 'duplicate', file: 'schemas/forms/lead-prueba.json', line: 1, column: 30 }],
    },
  ],
});
