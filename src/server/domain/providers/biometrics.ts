/**
 * The biometrics adapter: whether the registry holds a face record for a person, and
 * whether a selfie matches it. Biometric data is sensitive (Ley 29733): the service keeps
 * only the outcome and a counter, never the image.
 */
import { scenarioFor } from '../../sandbox/scenarios.ts';

/** Outcome of a face validation. */
export interface BiometricMatch {
  /** The selfie could not be judged (blurred, dark): ask for another one. */
  repeat: boolean;
  match: boolean;
}

/** What the service asks of the biometrics provider. */
export interface Biometrics {
  /** True when the registry holds a face record to compare against. */
  hasRecord(documento: string): Promise<boolean>;
  /** Compares a selfie; `attempt` is 1-based. */
  validate(documento: string, attempt: number): Promise<BiometricMatch>;
}

/** The provider is down or refused the call (scenario 31000099). */
export class BiometricsUnavailable extends Error {
  constructor(documento: string) {
    super(`Biometrics provider failed for prospect document ending ${documento.slice(-2)}`);
  }
}

/** The sandbox provider: everyone has a record and matches, except the scenario DNIs. */
export class SandboxBiometrics implements Biometrics {
  hasRecord(documento: string): Promise<boolean> {
    if (scenarioFor('instant', documento, 'biometricCall'))
      return Promise.reject(new BiometricsUnavailable(documento));
    return Promise.resolve(
      scenarioFor('instant', documento, 'biometricRecordCheck')?.extra?.isBiometric !== false,
    );
  }

  validate(documento: string, _attempt: number): Promise<BiometricMatch> {
    if (scenarioFor('instant', documento, 'biometricCall'))
      return Promise.reject(new BiometricsUnavailable(documento));
    // 31000002 always asks for another selfie; the service stops asking once its counter reaches 2.
    const repeat = scenarioFor('instant', documento, 'biometricValidation')?.extra?.repeatBiometric === true;
    return Promise.resolve({ repeat, match: true });
  }
}
