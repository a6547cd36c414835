/**
 * Peruvian identity and banking formats (see DOMAIN.md): DNI with its check character,
 * CE, RUC, CCI, mobile and plate. Pure functions shared by the web forms, the service
 * and the engine's named operations.
 */

const DNI_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;
const RUC_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** 8 digits, kept as a string (may start with 0). */
export function isDni(value: string): boolean {
  return /^\d{8}$/.test(value);
}

/** The DNI check character in both printed forms: digit and letter. */
export function dniCheck(dni: string): { digit: string; letter: string } {
  if (!isDni(dni)) throw new Error(`DNI inválido: se esperaban 8 dígitos, llegó "${dni}"`);
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += DNI_WEIGHTS[i]! * Number(dni[i]);
  const c = sum % 11;
  return { digit: '65432110987'[c]!, letter: 'KJIHGFEDCBA'[c]! };
}

/** A DNI optionally followed by `-` and its check character (digit or letter form). */
export function isDniWithCheck(value: string): boolean {
  const m = /^(\d{8})(?:-?([0-9A-Za-z]))?$/.exec(value.trim());
  if (!m) return false;
  if (m[2] === undefined) return true;
  const { digit, letter } = dniCheck(m[1]!);
  const given = m[2].toUpperCase();
  return given === digit || given === letter;
}

/** Carné de extranjería: 9 digits commonly; up to 12 alphanumerics accepted (lenient by design). */
export function isCe(value: string): boolean {
  return /^[0-9A-Za-z]{9,12}$/.test(value);
}

/** The RUC check digit of its first ten digits: weights 5,4,3,2,7,6,5,4,3,2, `(11 − Σ mod 11) mod 10`. */
export function rucCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += RUC_WEIGHTS[i]! * Number(first10[i]);
  return (11 - (sum % 11)) % 10;
}

/** RUC: 11 digits, prefix 10, 15, 17 or 20, and a valid check digit. */
export function isRuc(value: string): boolean {
  if (!/^(10|15|17|20)\d{9}$/.test(value)) return false;
  return rucCheckDigit(value.slice(0, 10)) === Number(value[10]);
}

/** A person's own RUC (a business of a natural person): "10", the DNI and the check digit. */
export function rucOfDni(dni: string): string {
  return `10${dni}${rucCheckDigit(`10${dni}`)}`;
}

/** Luhn-like CCI check digit: weights 1,2,1,2… from the left; a product ≥ 10 adds its digits. */
function cciCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const p = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    sum += p >= 10 ? Math.floor(p / 10) + (p % 10) : p;
  }
  return (10 - (sum % 10)) % 10;
}

/** CCI: 20 digits = bank(3) + office(3) + account(12) + 2 check digits. */
export function isCci(value: string): boolean {
  return cciProblem(value) === null;
}

/**
 * Which part of a CCI fails, to tell the applicant what to look at: `length` (not 20 digits),
 * `office` (digit 19, the check of bank and office, digits 1–6), `account` (digit 20, the check
 * of the account, digits 7–18), `both`; null for a sound CCI.
 */
export function cciProblem(value: string): 'length' | 'office' | 'account' | 'both' | null {
  if (!/^\d{20}$/.test(value)) return 'length';
  const office = cciCheckDigit(value.slice(0, 6)) !== Number(value[18]);
  const account = cciCheckDigit(value.slice(6, 18)) !== Number(value[19]);
  return office && account ? 'both' : office ? 'office' : account ? 'account' : null;
}

/**
 * What is wrong with a CCI given for `banco` (a bank code of the catalog): its own checks
 * ({@link cciProblem}), else `otherBank` when the catalog's code is numeric and the CCI does not
 * start with it. The page and the service both ask this; each says it with `view.bank.cci.*`.
 */
export function cciProblemFor(
  cci: string,
  banco?: string,
): 'length' | 'office' | 'account' | 'both' | 'otherBank' | null {
  const own = cciProblem(cci);
  if (own !== null) return own;
  return banco !== undefined && /^\d{3}$/.test(banco) && !cci.startsWith(banco) ? 'otherBank' : null;
}

/** The two check digits for the first 18 digits of a CCI. */
export function cciCheckDigits(first18: string): string {
  if (!/^\d{18}$/.test(first18))
    throw new Error(`Se esperaban 18 dígitos para calcular el CCI, llegó "${first18}"`);
  return `${cciCheckDigit(first18.slice(0, 6))}${cciCheckDigit(first18.slice(6, 18))}`;
}

/** Peruvian mobile: 9 followed by 8 digits. */
export function isMobile(value: string): boolean {
  return /^9\d{8}$/.test(value);
}

/** Plate since 2010 (ABC-123, A1B-234) or the lenient motorcycle/mototaxi shapes (1234-5A). */
export function isPlate(value: string): boolean {
  const v = value.trim().toUpperCase();
  return (
    /^[A-Z][A-Z0-9]{2}-?\d{3}$/.test(v) || /^\d{4}-?[0-9][A-Z]$/.test(v) || /^[A-Z0-9]{2}-?\d{4}$/.test(v)
  );
}

/** Completed years at `now` (ms) of someone born on `fechaNacimiento` (`YYYY-MM-DD`), by the UTC calendar. */
export function ageAt(fechaNacimiento: string, now: number): number {
  const [y, m, d] = fechaNacimiento.split('-').map(Number) as [number, number, number];
  const t = new Date(now);
  let age = t.getUTCFullYear() - y;
  if (t.getUTCMonth() + 1 < m || (t.getUTCMonth() + 1 === m && t.getUTCDate() < d)) age--;
  return age;
}

/** Age from which one may apply for credit. */
export const ADULT_AGE = 18;

/**
 * A real calendar date (`YYYY-MM-DD`) of someone 18 or older at `now`: the lead forms ask it
 * before anything is sent, so an applicant under 18 is told why at once.
 */
export function isAdultBirthDate(value: string, now: number = Date.now()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (date.toISOString().slice(0, 10) !== value || date.getTime() > now) return false;
  return ageAt(value, now) >= ADULT_AGE;
}
