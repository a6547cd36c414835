/**
 * The credit terms of each vehicle and consumer product: rate, credit-life insurance, amounts
 * and terms. These are sandbox settings chosen to be believable for Peruvian vehicle
 * microcredit (DOMAIN.md: TEAs from about 30% up to the legal cap), not constants of the
 * business: change them here, never in a handler.
 */

export interface ProductTerms {
  readonly codigoProducto: number;
  readonly nombre: string;
  /** Annual effective rate offered to a new applicant (fraction). */
  readonly tea: number;
  /** Rate offered to an applicant with a good repayment history (`pr_teanue` when lower). */
  readonly teaPreferente: number;
  /** Monthly credit-life insurance over the outstanding balance (fraction). */
  readonly desgravamenMensual: number;
  readonly montoMinimo: number;
  readonly montoMaximo: number;
  /** The terms in months the applicant may choose. */
  readonly plazos: readonly number[];
  /** Minimum down payment as a fraction of the vehicle price (0 for consumer loans). */
  readonly cuotaInicialMinima: number;
}

const t = (
  codigoProducto: number,
  nombre: string,
  tea: number,
  teaPreferente: number,
  montoMinimo: number,
  montoMaximo: number,
  plazos: number[],
  cuotaInicialMinima: number,
): ProductTerms => ({
  codigoProducto,
  nombre,
  tea,
  teaPreferente,
  desgravamenMensual: 0.0008,
  montoMinimo,
  montoMaximo,
  plazos,
  cuotaInicialMinima,
});

export const PRODUCT_TERMS: readonly ProductTerms[] = [
  t(28, 'Moto', 0.65, 0.55, 1500, 25000, [12, 18, 24, 30, 36], 0.1),
  t(29, 'Mototaxi', 0.58, 0.5, 3000, 25000, [12, 18, 24, 30, 36], 0.1),
  t(31, 'Taxi profesional', 0.42, 0.36, 10000, 90000, [24, 36, 48, 60], 0.15),
  t(35, 'No bancarizado', 0.8, 0.7, 1000, 15000, [12, 18, 24], 0.2),
  t(36, 'Motofurgón', 0.58, 0.5, 3000, 25000, [12, 18, 24, 30, 36], 0.1),
  t(37, 'Moto no bancarizado', 0.79, 0.69, 1500, 20000, [12, 18, 24], 0.2),
  t(38, 'Taxi mujer', 0.38, 0.33, 10000, 90000, [24, 36, 48, 60], 0.1),
  t(48, 'Consumo', 0.55, 0.45, 1000, 30000, [6, 12, 18, 24, 36], 0),
  t(54, 'Moto Honda', 0.6, 0.5, 1500, 25000, [12, 18, 24, 30, 36], 0.1),
  t(55, 'Seminuevo', 0.36, 0.3, 8000, 80000, [24, 36, 48, 60], 0.2),
];

/** The terms of a product code; an unknown code falls back to the family's main product. */
export function termsOf(codigoProducto: number | undefined, fallback: number): ProductTerms {
  const found =
    PRODUCT_TERMS.find((p) => p.codigoProducto === codigoProducto) ??
    PRODUCT_TERMS.find((p) => p.codigoProducto === fallback);
  if (!found)
    throw new Error(
      `No hay condiciones para el producto ${String(codigoProducto)} ni para ${fallback}: agréguelas en product-terms.ts`,
    );
  return found;
}

/** Soles per US dollar for prices quoted in dollars (a sandbox setting). */
export const TIPO_CAMBIO = 3.75;

/** Largest instalment as a fraction of net monthly income (capacity of payment). */
export const MAX_INSTALMENT_TO_INCOME = 0.4;
