/**
 * The commercial terms of the instant-credit products: amounts, terms, rates, insurance.
 * Figures follow the published terms of such loans (DOMAIN.md: S/ 300 to S/ 10,000,
 * about 12 months, late-payment rate about 14%, FR from 1%); the TEA never exceeds the
 * legal cap, which is a setting (`rateCapTea`).
 */
import { CUSTOMER_TERMS } from '../customers/products.ts';
import type { LdeProduct } from './prospects.ts';

/** One product's terms. */
export interface LdeTerms {
  /** Smallest and largest amount in soles. */
  minAmount: number;
  maxAmount: number;
  /** Offered terms in months (spec: plazos arrive as a comma-separated string). */
  plazos: readonly number[];
  /** The product's TEA; the applied TEA is the lower of this and the legal cap. */
  tea: number;
  /** Monthly desgravamen over the outstanding balance. */
  desgravamenMensual: number;
  /** Late-payment rate (annual, over the overdue instalment). */
  tasaMoratoria: number;
  /** Collection factor on each GNV fill, as a fraction (shown ×100 as the FR %). */
  factorRecaudo: number;
  /** Pre-approved amount offered when the evaluation approves. */
  montoOfertado: number;
  aseguradora: string;
  poliza: string;
  /** Contract document group (spec 001 §9): credinstante is collected at the pump (D). */
  grupoDocumentos: 'A' | 'B' | 'C' | 'D';
  /** SMS token group (spec 001 §9 defaults). */
  grupoToken: string;
}

/** Terms by product. */
export const LDE_TERMS: Readonly<Record<LdeProduct, LdeTerms>> = {
  ...CUSTOMER_TERMS,
  credinstante: {
    minAmount: 300,
    maxAmount: 10_000,
    plazos: [6, 9, 12, 18, 24],
    tea: 0.99,
    desgravamenMensual: 0.00079,
    tasaMoratoria: 0.14,
    factorRecaudo: 0.01,
    montoOfertado: 5_000,
    aseguradora: 'Rímac Seguros y Reaseguros',
    poliza: 'DESG-LDE-2026-0001',
    grupoDocumentos: 'D',
    grupoToken: 'CREDINSTANTE',
  },
  celulares: {
    minAmount: 300,
    maxAmount: 3_000,
    plazos: [6, 9, 12],
    tea: 0.85,
    desgravamenMensual: 0.00079,
    tasaMoratoria: 0.14,
    factorRecaudo: 0.01,
    montoOfertado: 2_000,
    aseguradora: 'Rímac Seguros y Reaseguros',
    poliza: 'DESG-CEL-2026-0001',
    grupoDocumentos: 'C',
    grupoToken: 'CELULARES',
  },
};

/** Product code of celulares (spec 001 §9); every other lde code is credinstante. */
export const CELULARES_PRODUCT_CODE = 58;

/** The TEA actually applied: the product's, never above the legal cap. */
export function appliedTea(terms: LdeTerms, rateCapTea: number): number {
  return Math.min(terms.tea, rateCapTea);
}
