/**
 * The offers of the conversion campaign (gas conversion of a vehicle, collected at the pump
 * through the Factor de Recaudo): which products a vehicle is offered, how each is priced
 * (the credit math of `credit-math.ts`), and the order the lender processes them in
 * (product 24 first, spec 001 §9). Every figure is a sandbox setting, never a constant the
 * flows rely on.
 */
import { money2, simulate } from '../../../engine/credit-math.ts';

/** The conversion statuses the offer steps use (spec 000 §4 "Conversion flow statuses"). */
export const CONVERSION_STATUS = {
  /** Evaluation approved: the offer form (step 3). */
  approved: 0,
  /** In process: data confirmed, the workshop will schedule the conversion. */
  inProcess: 2,
  /** Offer available for products 19 and 20 (cars). */
  offerCars: 18,
  /** Offer available for products 21 and 22 (light commercial vehicles). */
  offerCommercial: 35,
} as const;

/** What the lender offers for one product. */
export interface ConversionProductTerms {
  /** Annual effective rate (360-day base), a fraction. */
  tea: number;
  /** Term in months. */
  plazo: number;
}

/**
 * The conversion products (spec 001 §9: 19 and 20 with status 18, 21 and 22 with status 35,
 * 24 processed first). Product 24 is the long-term plan every approved vehicle is offered
 * besides those of its status.
 */
export const CONVERSION_PRODUCTS: Readonly<Record<number, ConversionProductTerms>> = {
  19: { tea: 0.42, plazo: 24 },
  20: { tea: 0.48, plazo: 24 },
  21: { tea: 0.45, plazo: 24 },
  22: { tea: 0.52, plazo: 24 },
  24: { tea: 0.42, plazo: 36 },
};

/** The product processed first (spec 001 §9). */
export const FIRST_PRODUCT = 24;

/** Settings of the offer: the conversion's price range and the credit-life insurance. */
export const CONVERSION_TERMS = {
  /** The price of a conversion when the applicant gave none (S/ 4,800, DOMAIN.md). */
  precioReferencia: 4800,
  precioMinimo: 2500,
  precioMaximo: 8000,
  /** Oldest vehicle financed: at most 10 years old (DOMAIN.md "Conversions"). */
  antiguedadMaxima: 10,
  /** Credit-life insurance per month, a fraction of the balance. */
  desgravamenMensual: 0.00079,
  /** Estimated monthly GNV spend of a vehicle by category, in soles: the FR is the instalment's share of it. */
  consumoMensual: { M1: 600, N1: 900 } as Readonly<Record<string, number>>,
} as const;

/** The offer status of a vehicle category: light commercial vehicles (N) 35, cars 18. */
export function offerStatusOf(categoriaVehiculo: unknown): 18 | 35 {
  return typeof categoriaVehiculo === 'string' && categoriaVehiculo.toUpperCase().startsWith('N')
    ? CONVERSION_STATUS.offerCommercial
    : CONVERSION_STATUS.offerCars;
}

/** The products of an offer status, with product 24 first when it is offered. */
export function orderProducts(productos: readonly number[]): number[] {
  return [...productos].sort((a, b) => Number(b === FIRST_PRODUCT) - Number(a === FIRST_PRODUCT));
}

/** One priced offer. */
export interface ConversionOffer {
  codigoProducto: number;
  importeFinanciar: number;
  cuotas: number;
  tasa: number;
  importeCuotas: number;
  tcea: number;
  /** The Factor de Recaudo: the share added to every GNV fill, a fraction. */
  factorRecaudo: number;
}

/** Prices `codigoProducto` for `monto` soles with the credit math; the FR from the category's GNV spend. */
export function priceOffer(
  codigoProducto: number,
  monto: number,
  categoriaVehiculo: unknown,
  rateCapTea: number,
): ConversionOffer | null {
  const terms = CONVERSION_PRODUCTS[codigoProducto];
  if (!terms) return null;
  const sim = simulate({
    amount: monto,
    tea: terms.tea,
    months: terms.plazo,
    desgravamenMonthly: CONVERSION_TERMS.desgravamenMensual,
    rateCapTea,
  });
  const consumo =
    CONVERSION_TERMS.consumoMensual[typeof categoriaVehiculo === 'string' ? categoriaVehiculo : 'M1'] ??
    CONVERSION_TERMS.consumoMensual.M1!;
  return {
    codigoProducto,
    importeFinanciar: money2(monto),
    cuotas: terms.plazo,
    tasa: terms.tea,
    importeCuotas: money2(sim.instalment),
    tcea: Math.round(sim.tcea * 10_000) / 10_000,
    factorRecaudo: Math.round((sim.instalment / consumo) * 10_000) / 10_000,
  };
}
