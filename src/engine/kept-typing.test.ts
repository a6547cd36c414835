import { describe, expect, it } from 'vitest';
import { isPrivateField } from './kept-typing.ts';

describe('isPrivateField', () => {
  it('names photos, SMS codes and account numbers, whatever their case', () => {
    for (const name of ['imagen', 'imagenDocumento', 'ImagenSoat', 'token', 'tokenSMS', 'TOKENSMS', 'cci'])
      expect(isPrivateField(name), name).toBe(true);
    for (const name of ['numeroCuentaBancaria', 'numeroCuentaInterbancaria'])
      expect(isPrivateField(name), name).toBe(true);
  });

  it('leaves the rest of what an applicant types storable, including names that only contain those words', () => {
    for (const name of ['documento', 'celular', 'tokenEnviado', 'cciBanco', 'placa', 'correo', 'miImagen'])
      expect(isPrivateField(name), name).toBe(false);
  });
});
