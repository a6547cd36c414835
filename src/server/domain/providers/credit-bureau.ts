/**
 * The credit bureau adapter: a score and the current debts of a person. The sandbox
 * implementation answers a stable report per DNI; every invented person has a score that
 * passes the policies, so unlisted DNIs follow the happy path. Low scores are reached on
 * purpose through the scenario DNIs, not by chance.
 */
import { seedOf } from './seed-of.ts';
import { scenarioFor } from '../../sandbox/scenarios.ts';

/** One debt reported by a lender. */
export interface BureauDebt {
  entidad: string;
  /** Outstanding balance in soles. */
  saldo: number;
  /** Days overdue (0 = current). */
  diasAtraso: number;
}

/** What the bureau answers. */
export interface BureauReport {
  documento: string;
  /** 0–999, higher is better. */
  score: number;
  deudas: BureauDebt[];
}

/** What the service asks of the credit bureau. */
export interface CreditBureau {
  report(documento: string): Promise<BureauReport>;
}

/** Lenders the invented debts come from (also the wrong options of the identity questions). */
export const BUREAU_LENDERS = [
  'Mibanco',
  'Caja Huancayo',
  'BCP',
  'Interbank',
  'Financiera Confianza',
  'Caja Arequipa',
  'BBVA',
  'Scotiabank',
] as const;

/** The score a scenario identity's bureau report carries (the `bureau` rows), if any. */
function scenarioScore(documento: string): number | undefined {
  const score = scenarioFor('taxiSteps', documento, 'bureau')?.extra?.score;
  return typeof score === 'number' ? score : undefined;
}

/**
 * The sandbox bureau: score 620–979 and one or two current debts, stable per DNI; a scenario
 * identity of the `bureau` step reports the score its row gives (a low one, on purpose).
 */
export class SandboxCreditBureau implements CreditBureau {
  report(documento: string): Promise<BureauReport> {
    const pick = seedOf(documento);
    const n = 1 + pick(2, 'debts');
    const first = pick(BUREAU_LENDERS.length, 'lender');
    const deudas = Array.from({ length: n }, (_, k) => ({
      entidad: BUREAU_LENDERS[(first + k * 3) % BUREAU_LENDERS.length]!,
      saldo: 500 + pick(90, `saldo${k}`) * 100,
      diasAtraso: 0,
    }));
    return Promise.resolve({
      documento,
      score: scenarioScore(documento) ?? 620 + pick(360, 'score'),
      deudas,
    });
  }
}
