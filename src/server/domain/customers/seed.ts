/**
 * The seeded customers (SCENARIOS.md "Existing customers"): every listed identity with the
 * credit that forces its outcome, and the credit every other valid DNI holds. The rows are a
 * contract: add freely, change none.
 */
import { seedOf } from '../providers/seed-of.ts';
import { CONVERSION_CREDIT } from './products.ts';

/** The credit a seeded customer holds (the rest of the row is the default). */
export interface SeedCredit {
  monto: number;
  plazo: number;
  cuotasPagadas: number;
  diasAtraso: number;
  placa: string;
  /** Collection factor (fraction); the conversion credit's when absent, 0 for a credit paid by instalment. */
  factorRecaudo?: number;
}

/** One seeded customer: the credit, and whether they have a bank account. */
export interface SeedCustomer {
  credit: SeedCredit;
  /** Bank code of the savings account on file; `null` for a non-banked customer. */
  banco: string | null;
}

/** Any valid DNI not listed: 14 of 24 instalments of S/ 4,800 paid, no day late, plate ABC-123, an account at bank "002". */
export const DEFAULT_CUSTOMER: SeedCustomer = {
  credit: {
    monto: CONVERSION_CREDIT.monto,
    plazo: CONVERSION_CREDIT.plazo,
    cuotasPagadas: 14,
    diasAtraso: 0,
    placa: 'ABC-123',
  },
  banco: '002',
};

const withCredit = (credit: Partial<SeedCredit>): SeedCustomer => ({
  ...DEFAULT_CUSTOMER,
  credit: { ...DEFAULT_CUSTOMER.credit, ...credit },
});

/**
 * The listed identities; `null` is a person with no credit with the lender. Identities whose
 * row forces a later step (identity questions, LD activation, FAE MYPE) hold the default credit.
 */
export const SEEDED_CUSTOMERS: Readonly<Record<string, SeedCustomer | null>> = {
  '81000000': null,
  '81000030': withCredit({ diasAtraso: 35 }),
  '81000002': withCredit({ cuotasPagadas: 2 }),
  // S/ 150 over 12 months with 8 paid: the capacity it proves is below every product's minimum.
  '81000004': withCredit({ monto: 150, plazo: 12, cuotasPagadas: 8 }),
  '81000008': DEFAULT_CUSTOMER,
  '81000009': DEFAULT_CUSTOMER,
  '81000010': DEFAULT_CUSTOMER,
  '81000011': DEFAULT_CUSTOMER,
  '81000777': { ...DEFAULT_CUSTOMER, banco: null },
  '81000101': DEFAULT_CUSTOMER,
  '81000505': DEFAULT_CUSTOMER,
  // LibreDisponibilidad, LD-Bancarizador and their activation (86 block).
  '86000060': DEFAULT_CUSTOMER,
  // A credit paid by monthly instalment, not at the pump: no LD offer ("05").
  '86000061': withCredit({ factorRecaudo: 0 }),
  '86000035': { ...DEFAULT_CUSTOMER, banco: null },
  '86000036': { ...withCredit({ factorRecaudo: 0 }), banco: null },
  '86000011': { ...DEFAULT_CUSTOMER, banco: null },
  '86200006': DEFAULT_CUSTOMER,
  '86200007': DEFAULT_CUSTOMER,
};

/** The seeded profile of `documento`: listed, else the default; `null` for no credit. */
export function seedProfileOf(documento: string): SeedCustomer | null {
  return documento in SEEDED_CUSTOMERS ? SEEDED_CUSTOMERS[documento]! : DEFAULT_CUSTOMER;
}

/** The mobile phone on file of a customer: stable per DNI, `9` and eight digits. */
export function phoneOnFile(documento: string): string {
  const pick = seedOf(documento);
  return `9${String(pick(100_000_000, 'telefono-cliente')).padStart(8, '0')}`;
}

/** A savings account number at `banco` for the customer (14 digits, stable per DNI). */
export function accountOnFile(documento: string): string {
  const pick = seedOf(documento);
  return `${String(pick(10_000_000, 'cuenta-a')).padStart(7, '0')}${String(pick(10_000_000, 'cuenta-b')).padStart(7, '0')}`;
}
