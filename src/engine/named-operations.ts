/**
 * The project's own json-logic operations, next to the standard subset in `logic.ts`.
 * Each takes already-evaluated arguments and never throws: a value of the wrong shape gives
 * a neutral answer (`''`, `null`, `false`, `[]`) so a flow never crashes on odd server data.
 */
import { isCci, isCe, isDni, isMobile, isPlate, isRuc } from './peru.ts';

/**
 * A value as text the way a person would expect to read it: `null` and missing values give
 * `''`, objects and arrays their JSON.
 */
export function toText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(value);
    case 'object':
      return value === null ? '' : JSON.stringify(value);
    default:
      return '';
  }
}

const text = toText;

/** Only the first word of a name: `"MARIA LUISA"` → `"MARIA"` (greetings use the first name). */
function firstWord(name: unknown): string {
  const trimmed = text(name).trim();
  const space = trimmed.search(/\s/);
  return space === -1 ? trimmed : trimmed.slice(0, space);
}

/**
 * A comma-separated list as an array: `"12,24, 36"` → `[12, 24, 36]` (the server sends the
 * terms, `plazos`, this way). Numeric items become numbers, others stay trimmed strings,
 * empty items are dropped; an array is returned as it is.
 */
function splitList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  const out: (string | number)[] = [];
  for (const raw of text(value).split(',')) {
    const item = raw.trim();
    if (item === '') continue;
    const n = Number(item);
    out.push(Number.isFinite(n) ? n : item);
  }
  return out;
}

/**
 * A fraction shown as a percentage: `0.07` → `7` (the collection factor). Rounded to
 * 10 decimals so binary noise (`7.000000000000001`) never reaches the screen; `null` when
 * the value is not a number.
 */
function percent100(value: unknown): number | null {
  const n = num(value);
  return n === null ? null : Number((n * 100).toFixed(10));
}

/** The value as a string; `null` and missing values give `''`. */
function str(value: unknown): string {
  return text(value);
}

/** The value as a number, or `null` when it is not one (`""`, `"abc"`, `null`). */
function num(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * True when `value`, compared as a string, is one of the codes: `"0"` matches `0`, but
 * `"00"` does not match `0` (the spec's codes differ by their leading zeros). Takes the codes
 * as one array (`[value, ["0", "4"]]`) or as the remaining arguments (`[value, "0", "4"]`).
 * A missing value matches nothing.
 */
function codeIn(value: unknown, ...codes: unknown[]): boolean {
  if (value === null || value === undefined) return false;
  const list = codes.length === 1 && Array.isArray(codes[0]) ? (codes[0] as unknown[]) : codes;
  const code = text(value);
  for (const c of list) if (c !== null && c !== undefined && text(c) === code) return true;
  return false;
}

const check =
  (test: (value: string) => boolean) =>
  (value: unknown): boolean =>
    typeof value === 'string' || typeof value === 'number' ? test(String(value)) : false;

/** The named operations by name; `logic.ts` accepts these beside the standard ones. */
export const NAMED_OPERATIONS: Readonly<Record<string, (...args: unknown[]) => unknown>> = {
  firstWord,
  splitList,
  percent100,
  str,
  num,
  isDni: check(isDni),
  isCe: check(isCe),
  isRuc: check(isRuc),
  isCci: check(isCci),
  isMobile: check(isMobile),
  isPlate: check(isPlate),
  codeIn,
};
