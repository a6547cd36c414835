/**
 * The customer model: existing customers of the lender, their credits and the offers made on
 * them (renewal, extra cash, debt purchase, contigo and the other existing-customer products).
 * See `docs/customers.md`.
 */
export * from './products.ts';
export * from './credit-state.ts';
export * from './seed.ts';
export * from './store.ts';
export * from './sell-more.ts';
export * from './audit.ts';
