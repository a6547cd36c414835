/**
 * The existing-customer products and their terms (spec 001 §9 code tables: renewal 14 on the
 * retanqueo channel 6, debt purchase 32, extra cash 33, contigo 30). Figures are sandbox
 * settings chosen to be believable for GNV-collected credits (DOMAIN.md: TEAs from about 30%
 * up to the legal cap, FR from 1%): change them here, never in a handler.
 */
import type { LdeTerms } from '../lde/terms.ts';

/** The existing-customer products by their route name. */
export type CustomerProduct =
  | 'renovacion'
  | 'extraefectivo'
  | 'compra-deuda'
  | 'contigo'
  | 'vendemas'
  | 'faemype'
  | 'libre-disponibilidad'
  | 'ld-bancarizador';

export const CUSTOMER_PRODUCTS: readonly CustomerProduct[] = [
  'renovacion',
  'extraefectivo',
  'compra-deuda',
  'contigo',
  'vendemas',
  'faemype',
  'libre-disponibilidad',
  'ld-bancarizador',
];

/** How a product's new credit relates to the customer's credit. */
export type OfferKind =
  /** The new credit pays off the balance; the customer receives the rest. */
  | 'renewal'
  /** The extra cash is added to the balance and the sum refinanced. */
  | 'extraCash'
  /** The new credit pays another institution's declared debt; the current credit goes on. */
  | 'debtPurchase'
  /** A new credit beside the current one. */
  | 'newCredit';

/** One product's terms: the instant-credit terms the shared steps read, and how its offer is made. */
export interface CustomerProductTerms extends LdeTerms {
  readonly codigoProducto: number;
  readonly canal: number;
  readonly kind: OfferKind;
  /**
   * Smallest amount the customer receives (renewal, extra cash, new credit) or is paid to the
   * other institution (debt purchase); `minAmount` and `maxAmount` bound the new credit.
   */
  readonly minCash: number;
  /**
   * Other product codes the same offer is sold under (LibreDisponibilidad: LDFISE sowing 61,
   * FR 13, FR sowing 23; LD-Bancarizador: moto non-banked 37); the application keeps the code
   * it was opened with.
   */
  readonly otherCodes?: readonly number[];
  /** Channels the offer may be opened on besides `canal` (LD conversions 14, credinstante plus 33). */
  readonly otherChannels?: readonly number[];
  /**
   * Collected only through the Factor de Recaudo: offered to a customer whose current credit
   * is collected at the pump (a credit with no collection factor answers "05").
   */
  readonly collectedByFr?: boolean;
  /** Paid out at an office of the lender (the customer needs no bank account). */
  readonly disbursedAtOffice?: boolean;
}

const common = {
  desgravamenMensual: 0.00079,
  tasaMoratoria: 0.14,
  factorRecaudo: 0.01,
  montoOfertado: 0,
  aseguradora: 'Rímac Seguros y Reaseguros',
} as const;

export const CUSTOMER_TERMS: Readonly<Record<CustomerProduct, CustomerProductTerms>> = {
  renovacion: {
    ...common,
    codigoProducto: 14,
    canal: 6,
    kind: 'renewal',
    minCash: 500,
    minAmount: 500,
    maxAmount: 15_000,
    plazos: [12, 18, 24],
    tea: 0.79,
    poliza: 'DESG-REN-2026-0001',
    grupoDocumentos: 'D',
    grupoToken: 'RENOVACION',
  },
  extraefectivo: {
    ...common,
    codigoProducto: 33,
    canal: 1,
    kind: 'extraCash',
    minCash: 300,
    minAmount: 300,
    maxAmount: 12_000,
    plazos: [6, 12, 18, 24],
    tea: 0.85,
    poliza: 'DESG-EXT-2026-0001',
    grupoDocumentos: 'D',
    grupoToken: 'EXTRAEFECTIVO',
  },
  'compra-deuda': {
    ...common,
    codigoProducto: 32,
    canal: 1,
    kind: 'debtPurchase',
    minCash: 1_000,
    minAmount: 1_000,
    maxAmount: 10_000,
    plazos: [12, 18, 24, 36],
    tea: 0.69,
    poliza: 'DESG-CDD-2026-0001',
    // The instruction letter and the payment channelling agreement pay the other institution.
    grupoDocumentos: 'A',
    grupoToken: 'COMPRADEUDA',
  },
  contigo: {
    ...common,
    codigoProducto: 30,
    canal: 5,
    kind: 'newCredit',
    minCash: 300,
    minAmount: 300,
    maxAmount: 10_000,
    plazos: [6, 12, 18, 24],
    tea: 0.89,
    poliza: 'DESG-CON-2026-0001',
    grupoDocumentos: 'C',
    grupoToken: 'CONTIGO',
  },
  // Vende más: a partner sells a new FR credit (13) to an existing customer on the harvest
  // channel (12); the customer sees the offer from the link texted to the phone on file.
  vendemas: {
    ...common,
    codigoProducto: 13,
    canal: 12,
    kind: 'newCredit',
    minCash: 300,
    minAmount: 300,
    maxAmount: 8_000,
    plazos: [6, 12, 18, 24],
    tea: 0.89,
    poliza: 'DESG-VMA-2026-0001',
    grupoDocumentos: 'D',
    grupoToken: 'VENDEMAS',
  },
  // FAE MYPE: working capital for the customer's small business (channel 10), an FR credit
  // beside the current one; the RUC and activity of the business are kept with the application.
  faemype: {
    ...common,
    codigoProducto: 13,
    canal: 10,
    kind: 'newCredit',
    minCash: 500,
    minAmount: 500,
    maxAmount: 20_000,
    plazos: [6, 12, 18, 24],
    tea: 0.69,
    poliza: 'DESG-FAE-2026-0001',
    grupoDocumentos: 'D',
    grupoToken: 'FAEMYPE',
  },
  // Libre disponibilidad: cash of free use beside the current credit, repaid by a further
  // collection factor on each GNV fill; the FR activation letter (group D) turns it on.
  'libre-disponibilidad': {
    ...common,
    codigoProducto: 60,
    otherCodes: [61, 13, 23],
    canal: 8,
    otherChannels: [14, 33],
    kind: 'newCredit',
    collectedByFr: true,
    minCash: 300,
    minAmount: 300,
    maxAmount: 8_000,
    plazos: [6, 12, 18, 24],
    tea: 0.79,
    factorRecaudo: 0.015,
    poliza: 'DESG-LD-2026-0001',
    grupoDocumentos: 'D',
    grupoToken: 'LIBREDISPONIBILIDAD',
  },
  // The same offer for a customer without a bank account (non-banked 35, moto non-banked 37):
  // paid out in cash at the office the customer chooses, on presenting the LD-Bancarizador letter.
  'ld-bancarizador': {
    ...common,
    codigoProducto: 35,
    otherCodes: [37],
    canal: 8,
    otherChannels: [14, 33],
    kind: 'newCredit',
    collectedByFr: true,
    disbursedAtOffice: true,
    minCash: 300,
    minAmount: 300,
    maxAmount: 5_000,
    plazos: [6, 12, 18, 24],
    tea: 0.79,
    factorRecaudo: 0.015,
    poliza: 'DESG-LDB-2026-0001',
    grupoDocumentos: 'D',
    grupoToken: 'LDBANCARIZADOR',
  },
};

/** The products `producto/retanqueo/ov` opens (FAE MYPE has its own call, `producto/fae/ov`). */
export const RETANQUEO_PRODUCTS: readonly CustomerProduct[] = [
  'renovacion',
  'extraefectivo',
  'compra-deuda',
  'contigo',
  'vendemas',
  'libre-disponibilidad',
  'ld-bancarizador',
];

/**
 * FAE MYPE activities (economic activities catalogue) not eligible: the programme finances
 * micro and small businesses of production, commerce and services, not public administration.
 */
export const FAE_EXCLUDED_ACTIVITIES: readonly number[] = [320];

/** The LD products, activated by their customer after signing (`/activacion-ld`). */
export function isLdProduct(producto: string): boolean {
  return producto === 'libre-disponibilidad' || producto === 'ld-bancarizador';
}

/**
 * The product of a product code, or `undefined`. The FR product (13) is shared: on the harvest
 * channel (12) it is vende más, on any other a libre disponibilidad (FAE MYPE, also 13, is
 * opened by its own call, `producto/fae/ov`, and never looked up by code).
 */
export function customerProductOf(
  codigoProducto: number | undefined,
  channel?: number,
): CustomerProduct | undefined {
  if (codigoProducto === CUSTOMER_TERMS.vendemas.codigoProducto)
    return channel === CUSTOMER_TERMS.vendemas.canal ? 'vendemas' : 'libre-disponibilidad';
  return CUSTOMER_PRODUCTS.find(
    (p) =>
      CUSTOMER_TERMS[p].codigoProducto === codigoProducto ||
      (codigoProducto !== undefined && (CUSTOMER_TERMS[p].otherCodes ?? []).includes(codigoProducto)),
  );
}

/** Whether an instant-credit product name is an existing-customer product. */
export function isCustomerProduct(producto: string): producto is CustomerProduct {
  return (CUSTOMER_PRODUCTS as readonly string[]).includes(producto);
}

/**
 * The customer's current credit when none is listed (SCENARIOS.md "Existing customers"): a GNV
 * conversion (product 19) of S/ 4,800 over 24 months at the conversion TEA, collected by FR.
 */
export const CONVERSION_CREDIT = {
  codigoProducto: 19,
  monto: 4_800,
  plazo: 24,
  tea: 0.45,
  factorRecaudo: 0.01,
} as const;

/** Instalments a credit must have paid before its customer qualifies for a new offer. */
export const MIN_INSTALMENTS_PAID = 6;

/** Days late above which no offer is made. */
export const MAX_DAYS_LATE = 30;

/**
 * Largest new instalment as a multiple of the current one, by history: a customer who never
 * paid late may take on half as much again; one who was late (up to {@link MAX_DAYS_LATE}
 * days) no more than today.
 */
export const CAPACITY_MULTIPLIER = { punctual: 1.5, late: 1 } as const;

/** Banks whose debt is not bought (SCENARIOS.md: code "999"). */
export const DEBT_INSTITUTIONS_REFUSED: readonly string[] = ['999'];
