/**
 * The policy evaluation of an instant-credit application: rules over age, income, the
 * document and the credit bureau's answer, before the scenario table forces an outcome.
 * Results use the spec's evaluation codes (pending 0 is never answered here): 1 approved,
 * 3 rejected, 2 observed with details "00" (policies the applicant can correct) or "02"
 * (nothing to fix).
 */
import type { BureauReport } from '../providers/credit-bureau.ts';

/** Ages the product lends to (inclusive). */
export const MIN_AGE = 18;
export const MAX_AGE = 70;
/** Lowest bureau score that passes. */
export const MIN_SCORE = 500;
/** Declared monthly income below this is observed (the applicant may prove more). */
export const MIN_MONTHLY_INCOME = 1_130;
/** Days overdue on any debt that make the application observed. */
export const MAX_DAYS_OVERDUE = 30;

/** What the rules look at. */
export interface PolicyInput {
  age: number;
  tipoDocumento: number;
  /** Declared monthly income, when the form asked for it. */
  ingresoMensual?: number;
  bureau: BureauReport;
}

/** One failed rule, for the observed-policies step. */
export interface PolicyFinding {
  codigo: string;
  descripcion: string;
  corregible: boolean;
}

/** The evaluation's outcome. */
export interface PolicyResult {
  resultado: 1 | 2 | 3;
  detalle: '00' | '02' | null;
  motivos: PolicyFinding[];
}

/** Applies the rules in order of severity: a rejection beats an observation. */
export function evaluatePolicies(input: PolicyInput): PolicyResult {
  const reject: PolicyFinding[] = [];
  const observe: PolicyFinding[] = [];
  if (input.age < MIN_AGE || input.age > MAX_AGE)
    reject.push({
      codigo: 'EDAD',
      descripcion: `La edad debe estar entre ${MIN_AGE} y ${MAX_AGE} años`,
      corregible: false,
    });
  if (input.tipoDocumento !== 1 && input.tipoDocumento !== 2)
    reject.push({ codigo: 'DOCUMENTO', descripcion: 'Tipo de documento no admitido', corregible: false });
  if (input.bureau.score < MIN_SCORE)
    reject.push({ codigo: 'SCORE', descripcion: 'Calificación crediticia insuficiente', corregible: false });
  if (input.bureau.deudas.some((d) => d.diasAtraso > MAX_DAYS_OVERDUE))
    observe.push({
      codigo: 'DEUDA_VENCIDA',
      descripcion: 'Regulariza tus deudas vencidas',
      corregible: true,
    });
  if (input.ingresoMensual !== undefined && input.ingresoMensual < MIN_MONTHLY_INCOME)
    observe.push({
      codigo: 'INGRESOS',
      descripcion: 'Sustenta ingresos mensuales suficientes',
      corregible: true,
    });
  if (reject.length > 0) return { resultado: 3, detalle: null, motivos: reject };
  if (observe.length > 0) return { resultado: 2, detalle: '00', motivos: observe };
  return { resultado: 1, detalle: null, motivos: [] };
}
