/**
 * Credit math shared by the web simulator, the service and the disclosure documents
 * (DOMAIN.md, "Credit math"). Pure functions over numbers; money is never rounded here,
 * only when it is shown (see {@link money2}).
 *
 * Conventions:
 * - Rates are fractions (0.6 = 60%). The year has 360 days (SBS disclosure base).
 * - Desgravamen (credit-life insurance) is a monthly fraction of the balance outstanding at
 *   the start of the period, prorated by `days / 30` for uneven periods. It is *added* to the
 *   French instalment, so the amount the client pays in a period is
 *   `instalment = frenchInstalment + desgravamen`; the French part (`principal + interest`)
 *   stays level, the total falls slightly as the balance falls.
 * - The TCEA is the annual rate (360-day base) that discounts every payment the client makes
 *   (principal, interest, desgravamen) back to the amount received; taxes such as ITF are
 *   left out, as the rule says.
 */

const DAYS_PER_YEAR = 360;
const DAYS_PER_MONTH = 30;

/** Monthly effective rate from the annual effective rate: `(1+TEA)^(1/12) − 1`. */
export function temFromTea(tea: number): number {
  assertRate(tea, 'tea');
  return Math.pow(1 + tea, 1 / 12) - 1;
}

/** Effective rate for a period of `days` days (360-day base): `(1+TEA)^(days/360) − 1`. */
export function periodRate(tea: number, days: number): number {
  assertRate(tea, 'tea');
  if (!(days >= 0)) throw new RangeError(`periodRate: days must be ≥ 0, got ${days}`);
  return Math.pow(1 + tea, days / DAYS_PER_YEAR) - 1;
}

/** French (level) instalment `C = K·i / (1 − (1+i)^−n)`; with `i = 0` it is `K / n`. */
export function frenchInstalment(principal: number, rate: number, n: number): number {
  if (!(principal > 0)) throw new RangeError(`frenchInstalment: amount must be > 0, got ${principal}`);
  if (!Number.isInteger(n) || n < 1)
    throw new RangeError(`frenchInstalment: n must be a whole number ≥ 1, got ${n}`);
  if (rate === 0) return principal / n;
  return (principal * rate) / (1 - Math.pow(1 + rate, -n));
}

/** One row of a payment schedule. Amounts unrounded. */
export interface ScheduleRow {
  /** 1-based instalment number. */
  period: number;
  /** Due date `YYYY-MM-DD` (when a start date was given), else `null`. */
  date: string | null;
  /** Days in this period. */
  days: number;
  /** Balance after this instalment. */
  balance: number;
  principal: number;
  interest: number;
  desgravamen: number;
  /** What the client pays: principal + interest + desgravamen. */
  instalment: number;
}

/** Input of {@link schedule}: either `months` (30-day periods) or `paymentDays` (days from disbursement to each instalment). */
export interface ScheduleInput {
  amount: number;
  tea: number;
  months?: number;
  paymentDays?: readonly number[];
  /** Monthly desgravamen fraction over the outstanding balance (0.0008 = 0.08%). */
  desgravamenMonthly?: number;
  /** Disbursement date `YYYY-MM-DD`; due dates are counted from it. */
  firstDate?: string;
}

/**
 * The payment schedule. With `months` every period has 30 days and the instalment is the
 * French one at the TEM; with `paymentDays` (a fixed payment day, uneven periods) the level
 * instalment is `K / Σ (1+TEA)^(−dₖ/360)`. The last row absorbs floating-point residue so
 * the balance ends at exactly 0.
 */
export function schedule(input: ScheduleInput): ScheduleRow[] {
  const { amount, tea } = input;
  const desg = input.desgravamenMonthly ?? 0;
  assertRate(tea, 'tea');
  if (!(desg >= 0)) throw new RangeError(`schedule: desgravamenMonthly must be ≥ 0, got ${desg}`);
  const cumDays = cumulativeDays(input);
  const n = cumDays.length;
  let level: number;
  if (input.months !== undefined) {
    level = frenchInstalment(amount, temFromTea(tea), n);
  } else {
    const factor = cumDays.reduce((s, d) => s + Math.pow(1 + tea, -d / DAYS_PER_YEAR), 0);
    if (!(amount > 0)) throw new RangeError(`schedule: amount must be > 0, got ${amount}`);
    level = amount / factor;
  }
  const rows: ScheduleRow[] = [];
  let balance = amount;
  let prev = 0;
  for (let k = 0; k < n; k++) {
    const day = cumDays[k]!;
    const days = day - prev;
    prev = day;
    const interest = balance * periodRate(tea, days);
    const desgravamen = balance * desg * (days / DAYS_PER_MONTH);
    const last = k === n - 1;
    const principal = last ? balance : level - interest;
    balance = last ? 0 : balance - principal;
    rows.push({
      period: k + 1,
      date: input.firstDate
        ? addDays(input.firstDate, day, input.months !== undefined ? k + 1 : undefined)
        : null,
      days,
      balance,
      principal,
      interest,
      desgravamen,
      instalment: principal + interest + desgravamen,
    });
  }
  return rows;
}

/** A cash flow at `day` days after disbursement; positive = received by the client, negative = paid. */
export interface CashFlow {
  day: number;
  amount: number;
}

/**
 * The annual effective cost rate (360-day base) that makes the present value of `flows`
 * zero: `Σ amountₖ · (1+r)^(−dayₖ/360) = 0`. Solved by bisection over a bracket that is
 * widened until the sign changes, so it converges for any normal loan (one sign change).
 * For equal 30-day periods this equals `(1+IRR_monthly)^12 − 1`.
 */
export function tcea(flows: readonly CashFlow[]): number {
  if (flows.length < 2) throw new RangeError('tcea: needs the disbursement and at least one payment');
  const npv = (r: number) =>
    flows.reduce((s, f) => s + f.amount * Math.pow(1 + r, -f.day / DAYS_PER_YEAR), 0);
  let lo = -0.99;
  let hi = 1;
  // Payments weigh less as the rate grows, so the NPV rises with r: widen upwards until it turns positive.
  while (npv(hi) < 0 && hi < 1e6) hi *= 2;
  const fLo = npv(lo);
  const fHi = npv(hi);
  if (Math.sign(fLo) === Math.sign(fHi))
    throw new RangeError(
      'tcea: the cash flows have no cost rate (check signs: disbursement positive, payments negative)',
    );
  for (let it = 0; it < 200 && hi - lo > 1e-12; it++) {
    const mid = (lo + hi) / 2;
    if (Math.sign(npv(mid)) === Math.sign(fLo)) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Input of {@link simulate}. */
export interface SimulateInput {
  amount: number;
  tea: number;
  months: number;
  desgravamenMonthly: number;
  /** The legal maximum TEA (a setting: Ley 31143, set every six months). */
  rateCapTea: number;
  firstDate?: string;
}

/** What a quota simulation answers. Amounts unrounded. */
export interface Simulation {
  tem: number;
  /** The first instalment the client pays (French part + desgravamen on the full amount). */
  instalment: number;
  totalInterest: number;
  totalDesgravamen: number;
  totalPaid: number;
  tcea: number;
  schedule: ScheduleRow[];
}

/** A TEA above the legal cap: the simulation is refused. */
export class RateCapExceeded extends RangeError {
  constructor(
    readonly tea: number,
    readonly cap: number,
  ) {
    super(
      `TEA ${(tea * 100).toFixed(2)}% exceeds the legal cap ${(cap * 100).toFixed(2)}%: lower the rate or update the rate-cap setting`,
    );
  }
}

/** Monthly simulation with schedule and TCEA; refuses a TEA over `rateCapTea`. */
export function simulate(input: SimulateInput): Simulation {
  if (input.tea > input.rateCapTea) throw new RateCapExceeded(input.tea, input.rateCapTea);
  const rows = schedule({
    amount: input.amount,
    tea: input.tea,
    months: input.months,
    desgravamenMonthly: input.desgravamenMonthly,
    ...(input.firstDate ? { firstDate: input.firstDate } : {}),
  });
  let day = 0;
  const flows: CashFlow[] = [{ day: 0, amount: input.amount }];
  for (const r of rows) {
    day += r.days;
    flows.push({ day, amount: -r.instalment });
  }
  const sum = (f: (r: ScheduleRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  return {
    tem: temFromTea(input.tea),
    instalment: rows[0]!.instalment,
    totalInterest: sum((r) => r.interest),
    totalDesgravamen: sum((r) => r.desgravamen),
    totalPaid: sum((r) => r.instalment),
    tcea: tcea(flows),
    schedule: rows,
  };
}

/** Money for display: 2 decimals, half away from zero (after removing binary noise). */
export function money2(x: number): number {
  const s = Math.sign(x);
  return (s * Math.round(Number((Math.abs(x) * 100).toPrecision(12)))) / 100;
}

/** A fraction as a percentage with `digits` decimals, e.g. `0.6148 → "61.48"`. */
export function percent(x: number, digits = 2): string {
  return (x * 100).toFixed(digits);
}

function cumulativeDays(input: ScheduleInput): number[] {
  if (input.months !== undefined && input.paymentDays !== undefined)
    throw new RangeError('schedule: give months or paymentDays, not both');
  if (input.months !== undefined) {
    if (!Number.isInteger(input.months) || input.months < 1)
      throw new RangeError(`schedule: months must be a whole number ≥ 1, got ${input.months}`);
    return Array.from({ length: input.months }, (_, k) => (k + 1) * DAYS_PER_MONTH);
  }
  const days = input.paymentDays;
  if (!days || days.length === 0)
    throw new RangeError('schedule: give months or a non-empty paymentDays list');
  days.forEach((d, k) => {
    if (!(d > (k === 0 ? 0 : days[k - 1]!)))
      throw new RangeError(`schedule: paymentDays must increase from > 0; paymentDays[${k}] = ${d}`);
  });
  return [...days];
}

/** Due date: `months` calendar months after start (day clamped to the month's end), else `days` days after it. */
function addDays(start: string, days: number, months?: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(start);
  if (!m) throw new RangeError(`schedule: firstDate must be YYYY-MM-DD, got "${start}"`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  let t: Date;
  if (months !== undefined) {
    const last = new Date(Date.UTC(y, mo + months + 1, 0)).getUTCDate();
    t = new Date(Date.UTC(y, mo + months, Math.min(d, last)));
  } else {
    t = new Date(Date.UTC(y, mo, d + days));
  }
  return t.toISOString().slice(0, 10);
}

function assertRate(r: number, name: string): void {
  if (!(r > -1) || !Number.isFinite(r))
    throw new RangeError(`${name} must be a fraction > −1 (0.6 = 60%), got ${r}`);
}
