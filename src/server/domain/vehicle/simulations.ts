/**
 * Credit simulations of vehicle and consumer applications: the figures come from the shared
 * credit math (TEM, French instalment, desgravamen, TCEA) under the legal rate cap, and are
 * stored as `vehicle_simulations` rows so letters and later calls read the same numbers.
 */
import { money2, simulate, type ScheduleRow } from '../../../engine/credit-math.ts';
import type { Db } from '../../sandbox/types.ts';
import type { ProductTerms } from './product-terms.ts';

/** What a simulation asks for. */
export interface QuoteInput {
  terms: ProductTerms;
  /** Vehicle price (0 for a consumer loan without a vehicle). */
  precio: number;
  cuotaInicial: number;
  /** Amount to finance; when absent, price minus down payment. */
  importe?: number;
  months: number;
  /** Whether the applicant earns the preferential rate (`pr_teanue`). */
  preferente: boolean;
  rateCapTea: number;
  now: number;
}

/** The credit conditions of one simulation, rounded for display. */
export interface Quote {
  importeFinanciar: number;
  cuotaInicial: number;
  plazo: number;
  tea: number;
  teaAnterior: number;
  tem: number;
  cuota: number;
  tcea: number;
  totalIntereses: number;
  totalPagar: number;
  cronograma: {
    numero: number;
    fecha: string | null;
    saldo: number;
    capital: number;
    interes: number;
    desgravamen: number;
    cuota: number;
  }[];
}

/** A request the product cannot grant: the field and why, in Spanish. */
export class QuoteRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Computes the conditions; refuses amounts, terms or down payments outside the product's terms. */
export function quote(input: QuoteInput): Quote {
  const { terms } = input;
  const importe = input.importe ?? input.precio - input.cuotaInicial;
  if (!terms.plazos.includes(input.months))
    throw new QuoteRefused(
      'numeroCuotas',
      `El plazo de ${input.months} meses no está disponible para ${terms.nombre}: elija ${terms.plazos.join(', ')}`,
    );
  if (!(importe >= terms.montoMinimo && importe <= terms.montoMaximo)) {
    throw new QuoteRefused(
      'importeFinanciar',
      `El importe a financiar debe estar entre S/ ${terms.montoMinimo} y S/ ${terms.montoMaximo} para ${terms.nombre}`,
    );
  }
  if (input.precio > 0 && input.cuotaInicial < input.precio * terms.cuotaInicialMinima) {
    throw new QuoteRefused(
      'importeCuotaInicial',
      `La cuota inicial debe ser al menos el ${Math.round(terms.cuotaInicialMinima * 100)} % del precio del vehículo`,
    );
  }
  const tea = Math.min(input.preferente ? terms.teaPreferente : terms.tea, input.rateCapTea);
  const sim = simulate({
    amount: importe,
    tea,
    months: input.months,
    desgravamenMonthly: terms.desgravamenMensual,
    rateCapTea: input.rateCapTea,
    firstDate: new Date(input.now).toISOString().slice(0, 10),
  });
  return {
    importeFinanciar: money2(importe),
    cuotaInicial: money2(input.cuotaInicial),
    plazo: input.months,
    tea,
    teaAnterior: Math.min(terms.tea, input.rateCapTea),
    tem: sim.tem,
    cuota: money2(sim.instalment),
    tcea: sim.tcea,
    totalIntereses: money2(sim.totalInterest),
    totalPagar: money2(sim.totalPaid),
    cronograma: sim.schedule.map((r: ScheduleRow) => ({
      numero: r.period,
      fecha: r.date,
      saldo: money2(r.balance),
      capital: money2(r.principal),
      interes: money2(r.interest),
      desgravamen: money2(r.desgravamen),
      cuota: money2(r.instalment),
    })),
  };
}

/** A stored simulation. */
export interface StoredSimulation extends Quote {
  id: number;
  prospectId: number;
  registered: boolean;
}

/** Stores a simulation of `prospectId` and answers its id. */
export async function saveSimulation(db: Db, prospectId: number, q: Quote, now: number): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>(
    `INSERT INTO vehicle_simulations (prospect_id, amount, down_payment, tea, tea_previous, months, instalment, tcea, schedule, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      prospectId,
      q.importeFinanciar,
      q.cuotaInicial,
      q.tea,
      q.teaAnterior,
      q.plazo,
      q.cuota,
      q.tcea,
      JSON.stringify({
        cronograma: q.cronograma,
        tem: q.tem,
        totalIntereses: q.totalIntereses,
        totalPagar: q.totalPagar,
      }),
      new Date(now).toISOString(),
    ],
  );
  return Number(rows[0]!.id);
}

/** Marks the newest simulation of the prospect as the one the applicant chose; false when there is none. */
export async function registerLatest(db: Db, prospectId: number): Promise<boolean> {
  const { rows } = await db.query<{ id: number | string }>(
    'UPDATE vehicle_simulations SET registered = true WHERE id = (SELECT id FROM vehicle_simulations WHERE prospect_id = $1 ORDER BY id DESC LIMIT 1) RETURNING id',
    [prospectId],
  );
  return rows.length > 0;
}

interface SimRow {
  id: number | string;
  prospect_id: number | string;
  amount: string | number;
  down_payment: string | number;
  tea: string | number;
  tea_previous: string | number | null;
  months: number;
  instalment: string | number;
  tcea: string | number;
  schedule:
    { cronograma: Quote['cronograma']; tem: number; totalIntereses: number; totalPagar: number } | string;
  registered: boolean;
}

const SIM_COLUMNS =
  'id, prospect_id, amount, down_payment, tea, tea_previous, months, instalment, tcea, schedule, registered';

/** The newest simulation of the prospect (the registered one first), or null. */
export async function latestSimulation(db: Db, prospectId: number): Promise<StoredSimulation | null> {
  const { rows } = await db.query<SimRow>(
    `SELECT ${SIM_COLUMNS} FROM vehicle_simulations WHERE prospect_id = $1 ORDER BY registered DESC, id DESC LIMIT 1`,
    [prospectId],
  );
  return rows[0] ? stored(rows[0]) : null;
}

/** The simulation `id` of the prospect (a quote's, whatever was simulated after it), or null. */
export async function simulationById(
  db: Db,
  prospectId: number,
  id: number,
): Promise<StoredSimulation | null> {
  const { rows } = await db.query<SimRow>(
    `SELECT ${SIM_COLUMNS} FROM vehicle_simulations WHERE prospect_id = $1 AND id = $2`,
    [prospectId, id],
  );
  return rows[0] ? stored(rows[0]) : null;
}

function stored(r: SimRow): StoredSimulation {
  const s =
    typeof r.schedule === 'string'
      ? (JSON.parse(r.schedule) as Exclude<SimRow['schedule'], string>)
      : r.schedule;
  return {
    id: Number(r.id),
    prospectId: Number(r.prospect_id),
    registered: r.registered,
    importeFinanciar: Number(r.amount),
    cuotaInicial: Number(r.down_payment),
    plazo: r.months,
    tea: Number(r.tea),
    teaAnterior: Number(r.tea_previous ?? r.tea),
    tem: s.tem,
    cuota: Number(r.instalment),
    tcea: Number(r.tcea),
    totalIntereses: s.totalIntereses,
    totalPagar: s.totalPagar,
    cronograma: s.cronograma,
  };
}

/** The terms as the spec's moto prospect carries them: a comma-separated string. */
export function plazosText(terms: ProductTerms): string {
  return terms.plazos.join(',');
}
