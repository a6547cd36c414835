/**
 * The simulation steps of the vehicle and consumer applications: credit conditions (with the
 * current and new annual rates `pr_teaact`/`pr_teanue`), the registered simulation that moves
 * the state, and the stored simulation read back by id. Rates in answers are percentages, as
 * the call schemas say; the rows keep fractions.
 */
import type { Services } from '../../sandbox/types.ts';
import { sandboxProviders } from '../providers/sandbox-providers.ts';
import { serverState } from '../vehicle-states.ts';
import { MODELS } from '../catalogs/vehicles.ts';
import { termsOf, TIPO_CAMBIO, type ProductTerms } from './product-terms.ts';
import { findById, setState, type Prospect } from './prospects.ts';
import {
  latestSimulation,
  plazosText,
  quote,
  QuoteRefused,
  registerLatest,
  saveSimulation,
  type Quote,
} from './simulations.ts';
import {
  loadProspect,
  maxFinanceable,
  prospectAnswer,
  prospectIdOf,
  unknownProspect,
  type FamilyConfig,
} from './steps.ts';
import { text } from '../../texts.ts';
import { scenarioFor } from '../../sandbox/scenarios.ts';

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};
const pct = (x: number): number => Math.round(x * 1e6) / 1e4;

/** Bureau score from which the applicant earns the preferential rate. */
export const PREFERENTIAL_SCORE = 800;

/** The simulation as the calls answer it (`simulacion`). */
export function simulationView(q: Quote, terms: ProductTerms, now: number): Record<string, unknown> {
  return {
    importeFinanciar: q.importeFinanciar,
    importeMinimo: terms.montoMinimo,
    importeMaximo: terms.montoMaximo,
    cuotaInicial: q.cuotaInicial,
    cuotas: q.plazo,
    plazos: plazosText(terms),
    importeCuotas: q.cuota,
    tasa: pct(q.tea),
    tea: pct(q.tea),
    tcea: pct(q.tcea),
    tem: pct(q.tem),
    seguroDesgravamen: pct(terms.desgravamenMensual),
    interesTotal: q.totalIntereses,
    totalPagar: q.totalPagar,
    fechaActivacion: new Date(now).toISOString().slice(0, 10),
    condicionSimulacion: { pr_teaact: pct(q.teaAnterior), pr_teanue: pct(q.tea) },
    cronograma: q.cronograma.map((r) => ({
      numero: r.numero,
      fecha: r.fecha ?? '',
      capital: r.capital,
      interes: r.interes,
      seguro: r.desgravamen,
      cuota: r.cuota,
      saldo: r.saldo,
    })),
  };
}

/** The credit conditions block (`creditConditions`, `detallesCredito`). */
function conditionsView(q: Quote): Record<string, unknown> {
  return {
    valoresCondicion: {
      pr_teaact: pct(q.teaAnterior),
      pr_teanue: pct(q.tea),
      cuota: q.cuota,
      plazo: q.plazo,
      importe: q.importeFinanciar,
      tcea: pct(q.tcea),
    },
  };
}

/** Works out price, down payment, amount and term from the call, the application and the catalog. */
function quoteInputs(body: Record<string, unknown>, p: Prospect | null, terms: ProductTerms, mafmax: number) {
  const d = p?.data ?? {};
  const modelo = num(body.modeloVehiculo) ?? num(d.modeloVehiculo);
  const catalogPrice = MODELS.find((m) => m.codigo === modelo)?.precio;
  const precio = num(body.precioVehiculo) ?? num(d.precioVehiculo) ?? catalogPrice ?? 0;
  const cuotaInicial =
    num(body.importeCuotaInicial) ??
    num(d.importeCuotaInicial) ??
    Math.ceil(precio * terms.cuotaInicialMinima);
  const importe =
    num(body.importeFinanciar) ??
    (precio > 0 ? precio - cuotaInicial : Math.min(mafmax, Math.max(terms.montoMinimo, 5000)));
  const asked = num(body.numeroCuotas) ?? num(body.cuotas) ?? num(body.plazo) ?? num(d.numeroCuotas);
  const months =
    asked ?? (terms.plazos.includes(24) ? 24 : terms.plazos[Math.floor(terms.plazos.length / 2)]!);
  return { precio, cuotaInicial, importe, months };
}

/**
 * Credit conditions. With an application: its product, its income cap (mafmax) and the bureau
 * decide the rate, and the simulation is stored. Without (the quoter): the product's list rate.
 * A request outside the product's terms answers "99" with the reason in `messages`.
 */
export async function simulateConditions(
  svc: Services,
  body: Record<string, unknown>,
  cfg: FamilyConfig,
): Promise<Record<string, unknown>> {
  const now = svc.clock.now();
  const p =
    body.codigoProspecto !== undefined && body.codigoProspecto !== ''
      ? await findById(svc.db, prospectIdOf(body.codigoProspecto))
      : null;
  if (body.codigoProspecto !== undefined && body.codigoProspecto !== '' && !p) return unknownProspect();
  const terms = termsOf(num(body.codigoProducto) ?? p?.codigoProducto, cfg.defaultProduct);
  const mafmax = maxFinanceable(terms, num(body.ingresoMensual) ?? num(p?.data.ingresoMensual));
  const inputs = quoteInputs(body, p, terms, mafmax);
  const preferente =
    p !== null && (await sandboxProviders.bureau.report(p.documento)).score >= PREFERENTIAL_SCORE;
  let q: Quote;
  try {
    if (p !== null && inputs.importe > mafmax)
      throw new QuoteRefused(
        'importeFinanciar',
        `Según sus ingresos, el importe máximo a financiar es S/ ${mafmax}`,
      );
    // A chosen amount (not the first offer) is refused for the scenario row 53000099: other
    // instalments reported by the bureau leave no capacity for it.
    if (
      p !== null &&
      body.importeFinanciar !== undefined &&
      scenarioFor('vehicle', p.documento, 'simulationQuote')?.code === '99'
    )
      throw new QuoteRefused('importeFinanciar', text('vehicle.capacidadInsuficiente'));
    q = quote({
      terms,
      precio: inputs.precio,
      cuotaInicial: inputs.cuotaInicial,
      importe: inputs.importe,
      months: inputs.months,
      preferente,
      rateCapTea: svc.settings.rateCapTea,
      now,
    });
  } catch (err) {
    if (err instanceof QuoteRefused)
      return {
        codRes: '99',
        detalleRespuesta: err.message,
        messages: [err.message],
        campo: err.field,
        plazos: plazosText(terms),
        tipoCambio: TIPO_CAMBIO,
      };
    throw err;
  }
  if (p) await saveSimulation(svc.db, p.id, q, now);
  const simulacion = simulationView(q, terms, now);
  return {
    codRes: '00',
    simulacion,
    plazos: plazosText(terms),
    tipoCambio: TIPO_CAMBIO,
    creditConditions: conditionsView(q),
    detallesCredito: conditionsView(q),
    messages: [],
  };
}

/**
 * Registers the chosen simulation (simulating first when the call carries amounts) and
 * answers the simulation step's state.
 */
export async function registerSimulation(
  svc: Services,
  body: Record<string, unknown>,
  cfg: FamilyConfig,
): Promise<Record<string, unknown>> {
  const p = await loadProspect(svc, body);
  if (!p) return unknownProspect();
  if (body.importeFinanciar !== undefined || body.numeroCuotas !== undefined) {
    const sim = await simulateConditions(svc, body, cfg);
    if (sim.codRes !== '00')
      return {
        ...prospectAnswer(p, svc, '99'),
        detalleRespuesta: sim.detalleRespuesta,
        messages: sim.messages,
      };
  }
  if (!(await registerLatest(svc.db, p.id))) {
    return { ...prospectAnswer(p, svc, '99'), detalleRespuesta: text('vehicle.simulateFirst') };
  }
  const now = svc.clock.now();
  const estado = serverState('simulation', { documento: p.documento, current: p.estado, now });
  const next = await setState(svc.db, p, 'simulation', estado, now);
  const stored = await latestSimulation(svc.db, p.id);
  const terms = termsOf(p.codigoProducto, cfg.defaultProduct);
  return prospectAnswer(next, svc, '00', stored ? { simulacion: simulationView(stored, terms, now) } : {});
}

/** The stored simulation of an application (by its code); "99" when there is none. */
export async function storedSimulation(
  svc: Services,
  id: string | undefined,
  cfg: FamilyConfig,
): Promise<Record<string, unknown>> {
  const p = await findById(svc.db, prospectIdOf(id, 'id'));
  if (!p) return unknownProspect();
  const stored = await latestSimulation(svc.db, p.id);
  if (!stored) return { ...prospectAnswer(p, svc, '99'), detalleRespuesta: text('vehicle.noSimulation') };
  const terms = termsOf(p.codigoProducto, cfg.defaultProduct);
  return prospectAnswer(p, svc, '00', {
    simulacion: simulationView(stored, terms, svc.clock.now()),
    creditConditions: conditionsView(stored),
  });
}
