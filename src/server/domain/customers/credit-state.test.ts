/**
 * The offer math against figures a customer can check by hand (DOMAIN.md "Credit math"):
 * S/ 4,800 at 45% TEA over 24 months is TEM 3.1448% and an instalment of S/ 287.87; after
 * 14 instalments the balance is the present value of the 10 left, S/ 2,437.52.
 */
import { describe, expect, it } from 'vitest';
import { money2 } from '../../../engine/credit-math.ts';
import { cashOut, isOffer, offerFor, principalFor, standingOf, type CustomerCredit } from './credit-state.ts';

const credit: CustomerCredit = {
  id: 7,
  codigoProducto: 19,
  monto: 4800,
  plazo: 24,
  tea: 0.45,
  cuotasPagadas: 14,
  diasAtraso: 0,
  factorRecaudo: 0.01,
  placa: 'ABC-123',
  desembolsadoEn: '2025-09-15',
};

describe('where a credit stands', () => {
  it('the default customer: instalment S/ 287.87, balance S/ 2,437.52 after 14 of 24', () => {
    const s = standingOf(credit);
    expect(money2(s.cuota)).toBe(287.87);
    // By hand: 287.8668 × (1 − 1.45^(−10/12)) / 0.031448 = 287.8668 × 8.46742 = 2,437.52.
    expect(s.saldo).toBe(2437.52);
    expect(s.cuotasPendientes).toBe(10);
  });

  it('nothing paid: the balance is the amount lent; all paid: nothing is owed', () => {
    expect(standingOf({ ...credit, cuotasPagadas: 0 }).saldo).toBe(4800);
    expect(standingOf({ ...credit, cuotasPagadas: 24 }).saldo).toBe(0);
  });

  it('the principal an instalment repays is the inverse of the French instalment', () => {
    // S/ 1,065.18 a month for 12 months at 60% TEA repays S/ 10,000 (DOMAIN.md test vector).
    expect(Math.round(principalFor(1065.18, 0.6, 12))).toBe(10_000);
  });
});

describe('the offer of each product to the default customer', () => {
  it('renewal pays off the balance: from S/ 2,937.52 (balance + S/ 500) to S/ 5,970', () => {
    const o = offerFor('renovacion', credit);
    expect(isOffer(o)).toBe(true);
    if (!isOffer(o)) return;
    // Capacity: 1.5 × 287.8668 = 431.80 a month over 24 months at 79% TEA (TEM 4.9709%),
    // 431.80 × 13.8385 = 5,975.5, rounded down to S/ 10.
    expect(o.cuotaMaxima).toBe(431.8);
    expect(o.saldoCancelado).toBe(2437.52);
    expect(o.montoMinimo).toBe(2937.52);
    expect(o.montoMaximo).toBe(5970);
    // A new credit of S/ 5,000: S/ 2,437.52 cancels the old one, the customer receives S/ 2,562.48.
    expect(cashOut(o, 5000)).toBe(2562.48);
  });

  it('extra cash is added to the balance: from S/ 2,737.52 (balance + S/ 300)', () => {
    const o = offerFor('extraefectivo', credit);
    if (!isOffer(o)) throw new Error('no offer');
    expect(o.saldoCancelado).toBe(2437.52);
    expect(o.montoMinimo).toBe(2737.52);
    expect(o.montoMaximo).toBe(5810);
    expect(cashOut(o, 3437.52)).toBe(1000);
  });

  it('debt purchase is the declared debt, paid to the other institution', () => {
    const o = offerFor('compra-deuda', credit, { entidad: '003', monto: 2000 });
    if (!isOffer(o)) throw new Error('no offer');
    expect([o.montoMinimo, o.montoMaximo]).toEqual([2000, 2000]);
    expect(o.saldoCancelado).toBe(0);
    expect(o.deuda).toEqual({ entidad: '003', monto: 2000 });
    expect(cashOut(o, 2000)).toBe(0);
  });

  it('contigo sits beside the current credit: only the capacity left over its instalment', () => {
    const o = offerFor('contigo', credit);
    if (!isOffer(o)) throw new Error('no offer');
    // 0.5 × 287.8668 = 143.93 a month over 24 months at 89% TEA.
    expect(o.cuotaMaxima).toBe(143.93);
    expect(o.montoMaximo).toBe(1900);
  });
});

describe('the SCENARIOS.md "Existing customers" rows', () => {
  it('no credit with the lender: "03"', () => {
    expect(offerFor('renovacion', null)).toEqual({ code: '03', reason: 'no credit with the lender' });
  });
  it('35 days late: "11"', () => {
    expect(offerFor('renovacion', { ...credit, diasAtraso: 35 })).toMatchObject({ code: '11' });
  });
  it('two instalments paid: "05"', () => {
    expect(offerFor('extraefectivo', { ...credit, cuotasPagadas: 2 })).toMatchObject({ code: '05' });
  });
  it('a credit of S/ 150 proves too little capacity for every product\'s minimum: "11"', () => {
    const small = { ...credit, monto: 150, plazo: 12, cuotasPagadas: 8 };
    for (const p of ['renovacion', 'extraefectivo', 'contigo'] as const)
      expect(offerFor(p, small)).toMatchObject({ code: '11' });
    expect(offerFor('compra-deuda', small, { entidad: '002', monto: 1000 })).toMatchObject({ code: '11' });
  });
  it('a debt at institution "999" is not bought: "03"; one above the capacity: "11"', () => {
    expect(offerFor('compra-deuda', credit, { entidad: '999', monto: 2000 })).toMatchObject({ code: '03' });
    expect(offerFor('compra-deuda', credit, { entidad: '002', monto: 9000 })).toMatchObject({ code: '11' });
  });
});
