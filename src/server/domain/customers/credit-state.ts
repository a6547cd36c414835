/**
 * What a customer's credit stands at and what can be offered on it: pure functions over the
 * credit math of the rest of the service (`src/engine/credit-math.ts`), so the balance a
 * renewal pays off is the one the customer's own payment schedule shows.
 */
import { frenchInstalment, money2, schedule, temFromTea } from '../../../engine/credit-math.ts';
import {
  CAPACITY_MULTIPLIER,
  CUSTOMER_TERMS,
  DEBT_INSTITUTIONS_REFUSED,
  MAX_DAYS_LATE,
  MIN_INSTALMENTS_PAID,
  type CustomerProduct,
} from './products.ts';

/** One credit of a customer, as stored. */
export interface CustomerCredit {
  id: number;
  codigoProducto: number;
  /** Amount lent (soles). */
  monto: number;
  /** Term in months. */
  plazo: number;
  /** Annual effective rate (fraction). */
  tea: number;
  cuotasPagadas: number;
  diasAtraso: number;
  /** Collection factor on each GNV fill (fraction). */
  factorRecaudo: number;
  placa: string | null;
  /** Disbursement date `YYYY-MM-DD`. */
  desembolsadoEn: string;
}

/** Where a credit stands: its level instalment and the balance after the instalments paid. */
export interface CreditStanding {
  /** The level (French) instalment, without insurance. */
  cuota: number;
  /** Principal still owed after `cuotasPagadas` instalments. */
  saldo: number;
  cuotasPendientes: number;
}

/** The instalment and balance of `c` from its own payment schedule (30-day periods). */
export function standingOf(c: CustomerCredit): CreditStanding {
  const cuota = frenchInstalment(c.monto, temFromTea(c.tea), c.plazo);
  const paid = Math.min(Math.max(0, c.cuotasPagadas), c.plazo);
  const rows = schedule({ amount: c.monto, tea: c.tea, months: c.plazo });
  const saldo = paid === 0 ? c.monto : rows[paid - 1]!.balance;
  return { cuota, saldo: money2(saldo), cuotasPendientes: c.plazo - paid };
}

/**
 * The principal a level instalment `cuota` repays over `months` at `tea`: the present value
 * of the instalments, `C · (1 − (1+i)^−n) / i`.
 */
export function principalFor(cuota: number, tea: number, months: number): number {
  const i = temFromTea(tea);
  return i === 0 ? cuota * months : (cuota * (1 - Math.pow(1 + i, -months))) / i;
}

/** What the applicant declares for a debt purchase. */
export interface DeclaredDebt {
  /** Bank code of the other institution (banks catalogue). */
  entidad: string;
  monto: number;
}

/** An offer: the new credit's bounds and what it pays off. */
export interface Offer {
  producto: CustomerProduct;
  creditId: number;
  /** The new credit's smallest and largest principal. */
  montoMinimo: number;
  montoMaximo: number;
  /** Balance of the current credit the new one pays off (0 when it pays none). */
  saldoCancelado: number;
  /** The largest new instalment the customer's history allows. */
  cuotaMaxima: number;
  plazos: readonly number[];
  deuda: DeclaredDebt | null;
}

/** Why no offer is made, as the general response code (001 §4). */
export type NoOffer =
  | { code: '03'; reason: 'no credit with the lender' | 'plate does not match' | 'institution not accepted' }
  | { code: '05'; reason: 'credit too recent' | 'not collected by FR' }
  | { code: '11'; reason: 'days late' | 'below the minimum' | 'debt above capacity' };

/**
 * The offer of `producto` to a customer whose active credit is `credit` (none: "03"), or why
 * there is none. Renewal and extra cash refinance the balance, so the new credit starts at
 * the balance plus the product's smallest cash amount; a debt purchase is the declared debt
 * (within the capacity); a new credit sits beside the current one, so only the capacity left
 * over the current instalment counts.
 */
export function offerFor(
  producto: CustomerProduct,
  credit: CustomerCredit | null,
  deuda: DeclaredDebt | null = null,
): Offer | NoOffer {
  if (!credit) return { code: '03', reason: 'no credit with the lender' };
  if (credit.diasAtraso > MAX_DAYS_LATE) return { code: '11', reason: 'days late' };
  if (credit.cuotasPagadas < MIN_INSTALMENTS_PAID) return { code: '05', reason: 'credit too recent' };
  const terms = CUSTOMER_TERMS[producto];
  if (terms.collectedByFr && !(credit.factorRecaudo > 0))
    return { code: '05', reason: 'not collected by FR' };
  const { cuota, saldo } = standingOf(credit);
  const multiplier = credit.diasAtraso === 0 ? CAPACITY_MULTIPLIER.punctual : CAPACITY_MULTIPLIER.late;
  const refinances = terms.kind === 'renewal' || terms.kind === 'extraCash';
  // A new credit beside the current one has only the capacity left over its instalment; a debt
  // purchase replaces the instalment the customer pays the other institution, so it has all of it.
  const cuotaMaxima = terms.kind === 'newCredit' ? cuota * (multiplier - 1) : cuota * multiplier;
  const longest = Math.max(...terms.plazos);
  // Rounded down to S/ 10: an offer is a round figure the customer may take in full.
  const capacity = Math.floor(principalFor(cuotaMaxima, terms.tea, longest) / 10) * 10;
  const montoMaximo = Math.min(capacity, terms.maxAmount);
  const saldoCancelado = refinances ? saldo : 0;
  let montoMinimo = money2(Math.max(terms.minAmount, saldoCancelado + terms.minCash));
  if (terms.kind === 'debtPurchase') {
    if (!deuda) throw new RangeError('offerFor: a debt purchase needs the declared debt');
    if (DEBT_INSTITUTIONS_REFUSED.includes(deuda.entidad))
      return { code: '03', reason: 'institution not accepted' };
    if (deuda.monto > montoMaximo) return { code: '11', reason: 'debt above capacity' };
    montoMinimo = money2(Math.max(terms.minAmount, deuda.monto));
    if (montoMinimo > montoMaximo) return { code: '11', reason: 'below the minimum' };
    return {
      producto,
      creditId: credit.id,
      montoMinimo,
      montoMaximo: montoMinimo,
      saldoCancelado: 0,
      cuotaMaxima: money2(cuotaMaxima),
      plazos: terms.plazos,
      deuda,
    };
  }
  if (montoMaximo < montoMinimo) return { code: '11', reason: 'below the minimum' };
  return {
    producto,
    creditId: credit.id,
    montoMinimo,
    montoMaximo,
    saldoCancelado,
    cuotaMaxima: money2(cuotaMaxima),
    plazos: terms.plazos,
    deuda: null,
  };
}

/** Whether {@link offerFor} made an offer. */
export function isOffer(x: Offer | NoOffer): x is Offer {
  return 'montoMaximo' in x;
}

/** What the customer receives for a new credit of `principal`: the principal less what it pays off. */
export function cashOut(offer: Offer, principal: number): number {
  return money2(principal - offer.saldoCancelado - (offer.deuda?.monto ?? 0));
}
