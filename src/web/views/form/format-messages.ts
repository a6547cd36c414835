/**
 * The Peruvian formats a form schema may name (`"format": "dni"`), each with the check
 * from `src/engine/peru.ts` and the key of the Spanish message (in `i18n/es-PE.json`) shown
 * when a value fails it.
 */
import { isAdultBirthDate, isCci, isCe, isDni, isMobile, isPlate, isRuc } from '../../../engine/peru.ts';

export interface PeruFormat {
  check: (value: string) => boolean;
  /** The message's key in `i18n/es-PE.json`. */
  messageKey: string;
}

export const PERU_FORMATS = {
  dni: { check: isDni, messageKey: 'view.format.dni' },
  ce: { check: isCe, messageKey: 'view.format.ce' },
  ruc: { check: isRuc, messageKey: 'view.format.ruc' },
  cci: { check: isCci, messageKey: 'view.format.cci' },
  celular: { check: isMobile, messageKey: 'view.format.celular' },
  placa: { check: isPlate, messageKey: 'view.format.placa' },
  // Beside `"format": "date"` (in `allOf`), so the field keeps its date input.
  adulto: { check: (v) => isAdultBirthDate(v), messageKey: 'view.format.adulto' },
} as const satisfies Record<string, PeruFormat>;

export type PeruFormatName = keyof typeof PERU_FORMATS;
