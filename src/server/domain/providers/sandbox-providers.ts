/**
 * The providers the instant-credit handlers use, behind their adapters. The sandbox wires
 * the simulated implementations; an upstream deployment would wire real clients here.
 */
import { SandboxBiometrics, type Biometrics } from './biometrics.ts';
import { SandboxCreditBureau, type CreditBureau } from './credit-bureau.ts';
import { SandboxIdRegistry, type IdRegistry } from './id-registry.ts';

/** The external providers, one adapter each. */
export interface Providers {
  idRegistry: IdRegistry;
  bureau: CreditBureau;
  biometrics: Biometrics;
}

/** The simulated providers, deterministic per DNI. */
export const sandboxProviders: Providers = {
  idRegistry: new SandboxIdRegistry(),
  bureau: new SandboxCreditBureau(),
  biometrics: new SandboxBiometrics(),
};
