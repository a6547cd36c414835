import { describe, expect, it } from 'vitest';
import {
  RateCapExceeded,
  frenchInstalment,
  money2,
  periodRate,
  schedule,
  simulate,
  tcea,
  temFromTea,
} from './credit-math.ts';

describe('credit math (DOMAIN.md vectors)', () => {
  it('one 30-day instalment at TEA 99%: i 5.902%, C 10,590.21, TCEA 100.79% with 0.079% desgravamen', () => {
    const i = periodRate(0.99, 30);
    expect((i * 100).toFixed(3)).toBe('5.902');
    expect(money2(frenchInstalment(10_000, i, 1))).toBe(10_590.21);
    const rows = schedule({ amount: 10_000, tea: 0.99, paymentDays: [30], desgravamenMonthly: 0.00079 });
    expect(money2(rows[0]!.desgravamen)).toBe(7.9);
    const rate = tcea([
      { day: 0, amount: 10_000 },
      { day: 30, amount: -rows[0]!.instalment },
    ]);
    expect((rate * 100).toFixed(2)).toBe('100.79');
  });

  it('12 monthly at TEA 60%: TEM 3.99441%, C 1,065.18; TCEA 61.48% with 0.08% monthly desgravamen', () => {
    expect((temFromTea(0.6) * 100).toFixed(5)).toBe('3.99441');
    const sim = simulate({ amount: 10_000, tea: 0.6, months: 12, desgravamenMonthly: 0, rateCapTea: 1.1316 });
    expect(money2(sim.instalment)).toBe(1_065.18);
    expect((sim.tcea * 100).toFixed(2)).toBe('60.00');
    const withInsurance = simulate({
      amount: 10_000,
      tea: 0.6,
      months: 12,
      desgravamenMonthly: 0.0008,
      rateCapTea: 1.1316,
    });
    expect((withInsurance.tcea * 100).toFixed(2)).toBe('61.48');
    // desgravamen is on the balance: the first instalment carries 8.00, the last much less
    expect(money2(withInsurance.schedule[0]!.desgravamen)).toBe(8);
    expect(withInsurance.schedule[11]!.desgravamen).toBeLessThan(1);
  });

  it('amortises the whole amount and ends at a zero balance', () => {
    const rows = schedule({
      amount: 5_000,
      tea: 0.8,
      months: 18,
      desgravamenMonthly: 0.0008,
      firstDate: '2026-01-31',
    });
    expect(rows.reduce((s, r) => s + r.principal, 0)).toBeCloseTo(5_000, 8);
    expect(rows.at(-1)!.balance).toBe(0);
    expect(rows[0]!.date).toBe('2026-02-28');
    expect(rows[1]!.date).toBe('2026-03-31');
  });

  it('with a fixed payment day (uneven periods) the level instalment is K / Σ (1+TEA)^(−d/360)', () => {
    const days = [45, 75, 105];
    const rows = schedule({ amount: 3_000, tea: 0.5, paymentDays: days });
    const expected = 3_000 / days.reduce((s, d) => s + Math.pow(1.5, -d / 360), 0);
    for (const r of rows) expect(r.instalment).toBeCloseTo(expected, 6);
    expect(rows[0]!.days).toBe(45);
    expect(rows.at(-1)!.balance).toBe(0);
  });

  it('refuses a TEA over the legal cap, naming both rates', () => {
    expect(() =>
      simulate({ amount: 1_000, tea: 1.2, months: 12, desgravamenMonthly: 0, rateCapTea: 1.1316 }),
    ).toThrow(RateCapExceeded);
    expect(() =>
      simulate({ amount: 1_000, tea: 1.2, months: 12, desgravamenMonthly: 0, rateCapTea: 1.1316 }),
    ).toThrow(/120\.00%.*113\.16%/);
  });

  it('rejects nonsense inputs with a message that says what to fix', () => {
    expect(() => schedule({ amount: 1_000, tea: 0.5, paymentDays: [30, 20] })).toThrow(/paymentDays\[1\]/);
    expect(() => frenchInstalment(1_000, 0.02, 0)).toThrow(/n must be/);
    expect(() =>
      tcea([
        { day: 0, amount: 100 },
        { day: 30, amount: 50 },
      ]),
    ).toThrow(/signs/);
  });
});
