import { describe, expect, it } from 'vitest';
import { maxFinanceable } from './steps.ts';
import { MAX_INSTALMENT_TO_INCOME, PRODUCT_TERMS, termsOf } from './product-terms.ts';
import { quote } from './simulations.ts';

const NOW = Date.UTC(2026, 10, 25);
const RATE_CAP = 1.1316;

describe('the largest amount an income can repay (mafmax)', () => {
  for (const terms of PRODUCT_TERMS) {
    it.each([1800, 3500, 6000])(
      `${terms.nombre}: with S/ %i a month its instalment stays within capacity`,
      (ingreso) => {
        const amount = maxFinanceable(terms, ingreso);
        if (amount < terms.montoMinimo) return;
        const months = Math.max(...terms.plazos);
        const q = quote({
          terms,
          precio: 0,
          cuotaInicial: 0,
          importe: amount,
          months,
          preferente: false,
          rateCapTea: RATE_CAP,
          now: NOW,
        });
        expect(q.cuota).toBeLessThanOrEqual(ingreso * MAX_INSTALMENT_TO_INCOME);
        // And it is the largest such amount, to the hundred below (or the product's ceiling).
        if (amount < terms.montoMaximo) {
          const more = quote({
            ...{
              terms,
              precio: 0,
              cuotaInicial: 0,
              months,
              preferente: false,
              rateCapTea: RATE_CAP,
              now: NOW,
            },
            importe: amount + 200,
          });
          expect(more.cuota).toBeGreaterThan(ingreso * MAX_INSTALMENT_TO_INCOME);
        }
      },
    );
  }
});

describe('consumo (product 48): the highest amount against 40 % of a S/ 3,500 income, by hand', () => {
  // TEA 55 %: TEM = 1.55^(1/12) − 1 = 0.0371963; over 36 months the French factor is
  // TEM / (1 − (1 + TEM)^−36) = 0.0508520; the credit-life insurance adds 0.08 % of the amount
  // a month. The limit is 40 % × 3,500 = S/ 1,400: 1,400 / (0.0508520 + 0.0008) = 27,104.46,
  // so S/ 27,100 (to the hundred below), whose instalment is 27,100 × 0.0516520 = S/ 1,399.77.
  // An annuity at the sum of both rates (the old limit) allowed S/ 27,200: S/ 1,404.93 a month.
  const consumo = termsOf(48, 48);
  const at = (importe: number) =>
    quote({
      terms: consumo,
      precio: 0,
      cuotaInicial: 0,
      importe,
      months: 36,
      preferente: false,
      rateCapTea: RATE_CAP,
      now: NOW,
    }).cuota;

  it('offers S/ 27,100, whose instalment of S/ 1,399.77 the simulator and the limit agree on', () => {
    expect(consumo).toMatchObject({ tea: 0.55, desgravamenMensual: 0.0008, plazos: [6, 12, 18, 24, 36] });
    expect(maxFinanceable(consumo, 3500)).toBe(27_100);
    expect(at(27_100)).toBe(1399.77);
    expect(at(27_100)).toBeLessThanOrEqual(1400);
  });

  it('refuses the S/ 27,200 the old limit offered: S/ 1,404.93 is above S/ 1,400', () => {
    expect(at(27_200)).toBe(1404.93);
    expect(maxFinanceable(consumo, 3500)).toBeLessThan(27_200);
  });
});
