/**
 * Typed readers for `step.props` and the flow context: flow files are data, so each view
 * reads its settings defensively and falls back to the product's defaults.
 */

export function numberProp(
  props: Record<string, unknown> | undefined,
  key: string,
  fallback: number,
): number {
  const v = props?.[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

/** A number, or a numeric string (a context value from a form or the service); else undefined. */
export function numeric(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

export function stringProp(props: Record<string, unknown> | undefined, key: string): string | undefined {
  const v = props?.[key];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export function boolProp(props: Record<string, unknown> | undefined, key: string): boolean {
  return props?.[key] === true;
}

/** A list under `key` in the context first (what the service answered), else in the step props. */
export function listFrom(
  context: Record<string, unknown>,
  props: Record<string, unknown> | undefined,
  key: string,
): unknown[] {
  const fromContext = context[key];
  if (Array.isArray(fromContext)) return fromContext;
  const fromProps = props?.[key];
  return Array.isArray(fromProps) ? fromProps : [];
}

export function asRecord(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** The first of `keys` that holds a string or number, as a string. */
export function pick(item: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const k of keys) {
    const v = item[k];
    if (typeof v === 'string' || typeof v === 'number') return String(v);
  }
  return undefined;
}

/**
 * Two decimals in Peru's format, made once: `toLocaleString` builds a new formatter on every
 * call, about a millisecond each on a slow phone, and a simulator or an offers table shows dozens.
 */
let twoDecimals: Intl.NumberFormat | undefined;
const withTwoDecimals = (n: number): string =>
  (twoDecimals ??= new Intl.NumberFormat('es-PE', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    // A figure that rounds to zero reads "0.00", never "-0.00" (a TCEA worked out at 0 %).
    signDisplay: 'negative',
  })).format(n);

/** The sign of Peru's sol, written before an amount. */
export const SOL_SIGN = 'S/';

/** Soles with two decimals, the way amounts are shown to applicants ("S/ 1,065.18"). */
export function soles(amount: number): string {
  return `${SOL_SIGN} ${withTwoDecimals(amount)}`;
}

/** A rate given as a fraction (0.6) shown as a percentage with two decimals ("60.00 %"). */
export function percent(rate: number): string {
  return `${withTwoDecimals(rate * 100)} %`;
}

/**
 * A rate as a fraction. Services send the TEA either as a fraction (0.6, or 1.2 for 120 %)
 * or as a percentage (60); no consumer TEA reaches 300 % (the legal cap is near 113 %), so a
 * value above 3 can only be a percentage.
 */
export function rateFraction(rate: number): number {
  return rate > 3 ? rate / 100 : rate;
}
