/**
 * The Peruvian formats a form schema may name (`"format": "dni"`), each with the check
 * from `src/engine/peru.ts` and the Spanish message shown when a value fails it.
 */
import { isAdultBirthDate, isCci, isCe, isDni, isMobile, isPlate, isRuc } from '../../../engine/peru.ts';

export interface PeruFormat {
  check: (value: string) => boolean;
  /** i18n-free on purpose: validation messages are Spanish like ajv-i18n's `es`. */
  message: string;
}

export const PERU_FORMATS = {
  dni: { check: isDni, message: 'Ingresa un DNI válido de 8 dígitos' },
  ce: { check: isCe, message: 'Ingresa un carné de extranjería válido (9 a 12 caracteres)' },
  ruc: {
    check: isRuc,
    message: 'Ingresa un RUC válido: 11 dígitos que empiezan con 10, 15, 17 o 20, con su dígito verificador',
  },
  cci: { check: isCci, message: 'Ingresa un CCI válido de 20 dígitos' },
  celular: { check: isMobile, message: 'Ingresa un celular válido de 9 dígitos que empiece con 9' },
  placa: { check: isPlate, message: 'Ingresa una placa válida (por ejemplo ABC-123)' },
  // Beside `"format": "date"` (in `allOf`), so the field keeps its date input.
  adulto: {
    check: (v) => isAdultBirthDate(v),
    message: 'Debes tener 18 años o más para solicitar un crédito. Revisa tu fecha de nacimiento.',
  },
} as const satisfies Record<string, PeruFormat>;

export type PeruFormatName = keyof typeof PERU_FORMATS;

/** The generic messages for keywords whose ajv-i18n wording reads poorly in a form. */
export const KEYWORD_MESSAGES: Record<string, string> = {
  required: 'Este campo es obligatorio',
  email: 'Ingresa un correo electrónico válido',
  date: 'Ingresa una fecha válida',
};
