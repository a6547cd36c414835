import { describe, expect, it } from 'vitest';
import { maxFinanceable } from './steps.ts';
import { MAX_INSTALMENT_TO_INCOME, PRODUCT_TERMS } from './product-terms.ts';
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
