/**
 * The quota simulator (spec 001 §7): conditions, FR and terms, the quota for an amount and
 * term, and saving the chosen simulation as the applicant's offer. The rate comes from the
 * product's terms capped by the legal maximum (a setting); the client never sets the rate or
 * the approved amount.
 */
import { BadInput, type Handler, type Services } from '../../types.ts';
import { simulate, money2, RateCapExceeded, type Simulation } from '../../../../engine/credit-math.ts';
import { scenarioFor } from '../../scenarios.ts';
import { phoneVerified, PROSPECT_STATE, type Prospect } from '../../../domain/lde/prospects.ts';
import { appliedTea, LDE_TERMS, type LdeTerms } from '../../../domain/lde/terms.ts';
import { text } from '../../../texts.ts';
import { optNum, prospectOf } from './input.ts';
import { isCustomerProduct, offerUnlocked } from '../../../domain/customers/index.ts';

/** What an existing customer's offer pays off, kept on the prospect when it opened. */
function customerFigures(p: Prospect): Record<string, number> {
  const out: Record<string, number> = {};
  if (typeof p.datos.saldoCancelado === 'number') out.saldoCancelado = p.datos.saldoCancelado;
  if (typeof p.datos.montoDeuda === 'number') out.montoDeuda = p.datos.montoDeuda;
  return out;
}

const fail = (key = 'error.badCodeResponse') => ({ body: { codRes: '99', detalleRespuesta: text(key) } });

/** The largest amount this prospect may borrow: the approved offer, within the product's bounds. */
export function maxAmountFor(p: Prospect, terms: LdeTerms): number {
  const offered = typeof p.datos.montoOfertado === 'number' ? p.datos.montoOfertado : terms.montoOfertado;
  return Math.min(offered, terms.maxAmount);
}

/** The smallest amount this prospect may borrow: the offer's (an existing customer's starts at what it pays off), else the product's. */
export function minAmountFor(p: Prospect, terms: LdeTerms): number {
  return typeof p.datos.montoMinimo === 'number'
    ? Math.max(p.datos.montoMinimo, terms.minAmount)
    : terms.minAmount;
}

/** A simulation as the client sees it (`common.simulacion.json`): amounts rounded for display, rates as percentages. */
export function presentSimulation(s: Simulation, monto: number, plazo: number, tea: number) {
  return {
    importeFinanciar: money2(monto),
    cuotas: plazo,
    tea: money2(tea * 100),
    tem: Number((s.tem * 100).toFixed(5)),
    tcea: money2(s.tcea * 100),
    importeCuotas: money2(s.instalment),
    interesTotal: money2(s.totalInterest),
    totalDesgravamen: money2(s.totalDesgravamen),
    totalPagar: money2(s.totalPaid),
    cronograma: s.schedule.map((r) => ({
      numero: r.period,
      fecha: r.date,
      dias: r.days,
      capital: money2(r.principal),
      interes: money2(r.interest),
      seguro: money2(r.desgravamen),
      cuota: money2(r.instalment),
      saldo: money2(r.balance),
    })),
  };
}

/** Runs the simulation for `monto` and `plazo` after checking them against the offer; throws BadInput when out of bounds. */
export function simulateFor(p: Prospect, svc: Services, monto: number, plazo: number) {
  const terms = LDE_TERMS[p.producto];
  const max = maxAmountFor(p, terms);
  const min = minAmountFor(p, terms);
  const errors: { path: string; message: string }[] = [];
  if (!(monto >= min && monto <= max))
    errors.push({
      path: '/importeFinanciar',
      message: `debe estar entre S/ ${min.toFixed(2)} y S/ ${max.toFixed(2)}`,
    });
  if (!terms.plazos.includes(plazo))
    errors.push({ path: '/cuotas', message: `use uno de estos plazos: ${terms.plazos.join(', ')}` });
  if (errors.length > 0) throw new BadInput(errors);
  const tea = appliedTea(terms, svc.settings.rateCapTea);
  const today = new Date(svc.clock.now()).toISOString().slice(0, 10);
  const sim = simulate({
    amount: monto,
    tea,
    months: plazo,
    desgravamenMonthly: terms.desgravamenMensual,
    rateCapTea: svc.settings.rateCapTea,
    firstDate: today,
  });
  return { sim, tea, terms };
}

function readAmountAndTerm(body: Record<string, unknown>): { monto: number; plazo: number } {
  const monto = optNum(body, 'importeFinanciar', 'importe', 'monto');
  const plazo = optNum(body, 'cuotas', 'plazo', 'numeroCuotas');
  const errors: { path: string; message: string }[] = [];
  if (monto === undefined) errors.push({ path: '/importeFinanciar', message: 'es obligatorio' });
  if (plazo === undefined) errors.push({ path: '/cuotas', message: 'es obligatorio' });
  if (errors.length > 0) throw new BadInput(errors);
  return { monto: monto!, plazo: plazo! };
}

/**
 * Loads the prospect and checks it may simulate: approved with an offer ready. An existing
 * customer's offer is computed from their credit, so it is shown only once they proved who
 * they are (identity questions passed, or the vende más link texted to their phone opened); an
 * instant credit's, once the applicant proved their phone.
 */
async function simulable(svc: Services, req: Parameters<Handler>[0]): Promise<Prospect | null> {
  const p = await prospectOf(svc.db, req);
  if (!p || p.estado !== PROSPECT_STATE.offerReady) return null;
  if (isCustomerProduct(p.producto) && !offerUnlocked(p)) return null;
  if (!phoneVerified(p)) return null;
  return p;
}

/** The offer's bounds, terms and rate, as both simulator calls answer them. */
function simulationTerms(p: Prospect, svc: Services) {
  const terms = LDE_TERMS[p.producto];
  return {
    montoMinimo: minAmountFor(p, terms),
    montoMaximo: maxAmountFor(p, terms),
    ...customerFigures(p),
    plazos: terms.plazos.join(','),
    tea: money2(appliedTea(terms, svc.settings.rateCapTea) * 100),
    desgravamenMensual: terms.desgravamenMensual * 100,
  };
}

/** `POST /simulador/get-simulador`: the offer's bounds, terms and rate. */
export const getSimulator: Handler = async (req, svc) => {
  const p = await simulable(svc, req);
  if (!p) return fail();
  return { body: { codRes: '00', simulacion: simulationTerms(p, svc) } };
};

/**
 * `POST /simulador/fr-and-terms`: the collection factor (FR) and the terms. The FR is sent
 * as the fraction (`factorRecaudo`) and as the percentage shown (`fr`, the fraction × 100);
 * `simulacion` also carries the offer's bounds and rate, so a product collected at the pump
 * simulates from this call alone.
 */
export const frAndTerms: Handler = async (req, svc) => {
  const p = await simulable(svc, req);
  if (!p) return fail();
  const terms = LDE_TERMS[p.producto];
  const fr = {
    fr: money2(terms.factorRecaudo * 100),
    factorRecaudo: terms.factorRecaudo,
    plazos: terms.plazos.join(','),
  };
  return { body: { codRes: '00', ...fr, simulacion: { ...simulationTerms(p, svc), ...fr } } };
};

/** `POST /simulador/importeCuotas/get`: the instalment and schedule for an amount and term. */
export const quota: Handler = async (req, svc) => {
  const p = await simulable(svc, req);
  if (!p) return fail();
  if (scenarioFor('instant', p.documento, 'quotaSimulator')) return fail();
  const { monto, plazo } = readAmountAndTerm(req.body);
  try {
    const { sim, tea } = simulateFor(p, svc, monto, plazo);
    const simulacion = presentSimulation(sim, monto, plazo, tea);
    return { body: { codRes: '00', importeCuotas: simulacion.importeCuotas, simulacion } };
  } catch (err) {
    if (err instanceof RateCapExceeded) return fail();
    throw err;
  }
};

/** Stores a simulation row and answers its id. */
export async function saveSimulation(
  svc: Services,
  p: Prospect,
  monto: number,
  plazo: number,
): Promise<{ id: number; body: ReturnType<typeof presentSimulation> }> {
  const { sim, tea, terms } = simulateFor(p, svc, monto, plazo);
  const { rows } = await svc.db.query<{ id: number }>(
    `INSERT INTO lde_simulations (prospect_id, monto, plazo, tea, desgravamen_mensual, cuota, tcea, total_interes, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      p.id,
      monto,
      plazo,
      tea,
      terms.desgravamenMensual,
      sim.instalment,
      sim.tcea,
      sim.totalInterest,
      new Date(svc.clock.now()),
    ],
  );
  return { id: Number(rows[0]!.id), body: presentSimulation(sim, monto, plazo, tea) };
}

/** Makes `simulationId` the prospect's chosen offer. */
export async function chooseOffer(svc: Services, prospectId: number, simulationId: number): Promise<void> {
  await svc.db.query(
    `INSERT INTO lde_offers (prospect_id, simulation_id, chosen_at) VALUES ($1, $2, $3)
     ON CONFLICT (prospect_id) DO UPDATE SET simulation_id = EXCLUDED.simulation_id, chosen_at = EXCLUDED.chosen_at, confirmed_at = NULL`,
    [prospectId, simulationId, new Date(svc.clock.now())],
  );
}

/** Whether the contract documents of a prospect were generated (they state its chosen offer). */
async function contractsGenerated(svc: Services, prospectId: number): Promise<boolean> {
  const { rows } = await svc.db.query('SELECT 1 FROM lde_documents WHERE prospect_id = $1 LIMIT 1', [
    prospectId,
  ]);
  return rows.length > 0;
}

/**
 * `POST /simulador/prestamo/save`: saves the simulation and makes it the chosen offer. Once the
 * contract documents were generated the offer is the one they state: a new one is refused ("99")
 * so what the applicant signs is what they read.
 */
export const saveLoan: Handler = async (req, svc) => {
  const p = await simulable(svc, req);
  if (!p) return fail('error.confirmLoan');
  if (scenarioFor('instant', p.documento, 'quotaSimulator')) return fail('error.confirmLoan');
  if (await contractsGenerated(svc, p.id)) return fail('error.offerInContracts');
  const { monto, plazo } = readAmountAndTerm(req.body);
  const saved = await saveSimulation(svc, p, monto, plazo);
  await chooseOffer(svc, p.id, saved.id);
  return { body: { codRes: '00', codigoSimulacion: saved.id, simulacion: saved.body } };
};

/** The chosen offer of a prospect with its figures, or `null`. */
export async function offerOf(svc: Services, prospectId: number) {
  const { rows } = await svc.db.query<{
    simulation_id: number;
    monto: string;
    plazo: number;
    cuota: string;
    confirmed_at: Date | null;
  }>(
    'SELECT o.simulation_id, s.monto, s.plazo, s.cuota, o.confirmed_at FROM lde_offers o JOIN lde_simulations s ON s.id = o.simulation_id WHERE o.prospect_id = $1',
    [prospectId],
  );
  const r = rows[0];
  return r
    ? {
        simulationId: Number(r.simulation_id),
        monto: Number(r.monto),
        plazo: r.plazo,
        cuota: Number(r.cuota),
        confirmed: r.confirmed_at !== null,
      }
    : null;
}
