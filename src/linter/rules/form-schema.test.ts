import { ruleTester } from '../rule-cases.ts';
import { rule } from './form-schema.ts';

const FILE = 'schemas/forms/lead-prueba.json';
const form = (schema: unknown) => [{ path: FILE, text: JSON.stringify(schema, null, 2) }];
const env = { formFormats: ['email', 'date', 'dni', 'celular'] };
const base = {
  type: 'object',
  properties: { dni: { type: 'string', format: 'dni' }, celular: { type: 'string' } },
};

ruleTester(rule, {
  valid: [
    {
      name: 'required names its properties, known formats',
      env,
      files: form({ ...base, required: ['dni'] }),
    },
    {
      name: 'a branch requires a property of its object',
      env,
      files: form({ ...base, oneOf: [{ required: ['celular'] }] }),
    },
    {
      name: 'a form with a uiSchema',
      env,
      files: form({ schema: { ...base, required: ['dni'] }, uiSchema: {} }),
    },
  ],
  invalid: [
    {
      name: 'required names a missing property, with a suggestion',
      env,
      files: form({ ...base, required: ['dni', 'celuar'] }),
      errors: [
        { messageId: 'required', file: FILE, path: '/required/1', message: 'Did you mean "celular"?' },
      ],
    },
    {
      name: 'required inside a nested object',
      env,
      files: form({
        type: 'object',
        properties: { titular: { type: 'object', properties: { nombre: {} }, required: ['apellido'] } },
      }),
      errors: [{ messageId: 'required', file: FILE, path: '/properties/titular/required/0' }],
    },
    {
      name: 'an unknown format, with a suggestion',
      env,
      files: form({ type: 'object', properties: { correo: { type: 'string', format: 'emal' } } }),
      errors: [
        {
          messageId: 'format',
          file: FILE,
          path: '/properties/correo/format',
          message: 'Did you mean "email"?',
        },
      ],
    },
    {
      name: 'in a wrapped form (schema and uiSchema)',
      env,
      files: form({ schema: { ...base, required: ['ruc'] } }),
      errors: [{ messageId: 'required', file: FILE, path: '/schema/required/0' }],
    },
  ],
});
