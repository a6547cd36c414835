/**
 * checkUpload's refusals: each names the field at fault and says, in the words of the texts
 * file, what is wrong with the file.
 */
import { describe, expect, it } from 'vitest';
import texts from '../../../../i18n/es-PE.json' with { type: 'json' };
import { BadInput } from '../../sandbox/types.ts';
import { checkUpload, MAX_UPLOAD_BYTES } from './uploads.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64');

function refusal(base64: string, contentType = ''): string {
  try {
    checkUpload({ kind: 'dni', filename: 'dni', contentType, base64 }, 'documento');
  } catch (e) {
    expect(e).toBeInstanceOf(BadInput);
    const [problem] = (e as BadInput).fields;
    expect(problem?.path).toBe('documento');
    return problem?.message ?? '';
  }
  throw new Error('accepted');
}

describe('checkUpload', () => {
  it('accepts a PNG by its first bytes', () => {
    expect(
      checkUpload({ kind: 'dni', filename: '', contentType: 'image/png', base64: PNG }).contentType,
    ).toBe('image/png');
  });

  it('refuses an empty file, a too large one, an unknown type and a false declared type with the texts file wording', () => {
    expect(refusal('')).toBe(texts['servidor.archivo.vacio']);
    const huge = 'A'.repeat(Math.ceil(((MAX_UPLOAD_BYTES + 1024) * 4) / 3 / 4) * 4);
    expect(refusal(huge)).toBe(
      texts['servidor.archivo.pesado'].replace('{pesoMb}', '5.0').replace('{maximoMb}', '5'),
    );
    expect(refusal(Buffer.from('MZ ejecutable').toString('base64'))).toBe(
      texts['servidor.archivo.tipo'].replace('{tipos}', 'application/pdf, image/jpeg, image/png'),
    );
    expect(refusal(PNG, 'application/pdf')).toBe(
      texts['servidor.archivo.declarado']
        .replace('{detectado}', 'image/png')
        .replace('{declarado}', 'application/pdf'),
    );
  });
});
