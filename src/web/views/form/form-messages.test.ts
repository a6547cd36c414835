import { describe, expect, it } from 'vitest';
import texts from '../../../../i18n/es-PE.json' with { type: 'json' };
import { PERU_FORMATS, type PeruFormatName } from './format-messages.ts';
import { formatMessage, keywordMessage } from './form-messages.ts';
import { spanishErrors } from './form-validator.ts';

const table = texts as Record<string, string>;

describe('form messages', () => {
  it('reads every Peruvian format message, the age one included, from the texts file', () => {
    for (const name of Object.keys(PERU_FORMATS) as PeruFormatName[]) {
      const key = PERU_FORMATS[name].messageKey;
      expect(table[key], key).toBeDefined();
      expect(formatMessage(name)).toBe(table[key]);
    }
    expect(formatMessage('adulto')).toBe(table['view.format.adulto']);
  });

  it('shows the texts file wording for a failed format, a missing field and an unticked acceptance', () => {
    const shown = spanishErrors([
      {
        name: 'format',
        params: { format: 'adulto' },
        property: '.fechaNacimiento',
        message: 'x',
        stack: 'x',
      },
      { name: 'format', params: { format: 'date' }, property: '.fecha', message: 'x', stack: 'x' },
      { name: 'required', params: { missingProperty: 'dni' }, property: '.dni', message: 'x', stack: 'x' },
      { name: 'const', params: { allowedValue: true }, property: '.terms', message: 'x', stack: 'x' },
    ]).map((e) => e.message);
    expect(shown).toEqual([
      table['view.format.adulto'],
      table['view.format.date'],
      table['view.required'],
      table['view.mustAccept'],
    ]);
    expect(keywordMessage('pattern')).toBeUndefined();
  });
});
