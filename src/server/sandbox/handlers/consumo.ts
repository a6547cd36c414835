/**
 * Consumer, partner consumer (consumo-alfin), quoter and semi-new calls (spec 001 §7 "Consumer
 * and semi-new"). States follow the used-vehicle/consumer table of spec 000 §4 and the vehicle
 * scenarios; simulations carry the current and new annual rates (`pr_teaact`, `pr_teanue`).
 */
import { BadInput, type Handler, type HandlerMap } from '../types.ts';
import { letterReply } from '../../domain/vehicle/letter-steps.ts';
import { quoteReply, sendQuote } from '../../domain/vehicle/quotes.ts';
import {
  registerSimulation,
  simulateConditions,
  storedSimulation,
} from '../../domain/vehicle/simulation-steps.ts';
import { setState } from '../../domain/vehicle/prospects.ts';
import {
  CONSUMO,
  COTIZADOR,
  documentsStep,
  loadProspect,
  personalData,
  preEvaluate,
  prospectAnswer,
  SEMINUEVO,
  unknownProspect,
} from '../../domain/vehicle/steps.ts';
import { text } from '../../texts.ts';
import { isDni } from '../../../engine/peru.ts';
import { scenarioFor } from '../scenarios.ts';
import { sandboxProviders } from '../../domain/providers/sandbox-providers.ts';
import { latestSimulation } from '../../domain/vehicle/simulations.ts';
import { MAX_INSTALMENT_TO_INCOME } from '../../domain/vehicle/product-terms.ts';

const reply = (body: Record<string, unknown>) => ({ body });

/** The guarantor types of spec 000 §3: GM property (movable guarantee), GI income. */
const GUARANTOR_TYPES = new Set(['GM', 'GI']);

const numOf = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** The guarantor's fields as sent, each checked when present; a mistake is a 400 naming the field. */
function checkGuarantor(body: Record<string, unknown>, holder: string): void {
  const wrong: { path: string; message: string }[] = [];
  const documento = body.documentoAval;
  if (documento !== undefined && !(typeof documento === 'string' && isDni(documento)))
    wrong.push({ path: 'documentoAval', message: text('servidor.campo.dni') });
  else if (documento !== undefined && documento === holder)
    wrong.push({ path: 'documentoAval', message: 'El aval no puede ser el mismo titular' });
  for (const field of ['ingresoMensualAval', 'valorGarantia']) {
    const v = body[field];
    if (v !== undefined && !(numOf(v)! >= 0))
      wrong.push({ path: field, message: 'Debe ser un importe en soles' });
  }
  const ubigeo = body.ubigeoAval;
  if (ubigeo !== undefined && !(typeof ubigeo === 'string' && /^\d{6}$/.test(ubigeo)))
    wrong.push({ path: 'ubigeoAval', message: 'El ubigeo del distrito tiene 6 dígitos' });
  const telefono = body.telefonoAval;
  if (telefono !== undefined && !(typeof telefono === 'string' && /^9\d{8}$/.test(telefono)))
    wrong.push({ path: 'telefonoAval', message: 'El celular tiene 9 dígitos y empieza con 9' });
  if (wrong.length > 0) throw new BadInput(wrong);
}

/**
 * Why the guarantor is not accepted, or null: the scenario rows (an applicant whose guarantors
 * are all rejected, a guarantor rejected for anyone), the guarantor's credit bureau (score
 * under 500 or a debt more than 30 days late), and for an income guarantor (GI) an income
 * whose payment capacity does not cover the applicant's instalment.
 */
async function guarantorRefusal(
  svc: Parameters<Handler>[1],
  prospectId: number,
  holder: string,
  body: Record<string, unknown>,
  tipoAval: string,
): Promise<string | null> {
  const documento = typeof body.documentoAval === 'string' ? body.documentoAval : undefined;
  if (
    scenarioFor('vehicle', holder, 'guarantor')?.code === '03' ||
    (documento !== undefined && scenarioFor('vehicle', documento, 'guarantor')?.code === '03')
  )
    return text('vehicle.guarantorRejected');
  if (documento !== undefined) {
    const bureau = await sandboxProviders.bureau.report(documento);
    if (bureau.score < 500 || bureau.deudas.some((d) => d.diasAtraso > 30))
      return text('vehicle.guarantorRejected');
  }
  const ingreso = numOf(body.ingresoMensualAval);
  if (tipoAval === 'GI' && ingreso !== undefined) {
    const sim = await latestSimulation(svc.db, prospectId);
    if (sim && ingreso * MAX_INSTALMENT_TO_INCOME < sim.cuota) return text('vehicle.guarantorIncomeShort');
  }
  return null;
}

const registerGuarantor: Handler = async (req, svc) => {
  const p = await loadProspect(svc, req.body);
  if (!p) return reply(unknownProspect());
  const tipoAval = typeof req.body.tipoAval === 'string' ? req.body.tipoAval : 'GI';
  if (!GUARANTOR_TYPES.has(tipoAval))
    throw new BadInput([{ path: 'tipoAval', message: text('input.notGuarantorType') }]);
  checkGuarantor(req.body, p.documento);
  const refusal = await guarantorRefusal(svc, p.id, p.documento, req.body, tipoAval);
  const now = svc.clock.now();
  if (refusal !== null) {
    // The refused guarantor is kept on the application's history; the applicant may propose another.
    const kept = await setState(svc.db, p, 'guarantor', p.estado, now, {
      avalRechazado: { ...req.body, tipoAval },
    });
    return reply({
      codRes: '03',
      detalleRespuesta: refusal,
      estadoProspecto: kept.estado,
      prospecto: prospectAnswer(kept, svc).prospecto,
    });
  }
  const next = await setState(svc.db, p, 'guarantor', p.estado, now, {
    aval: { ...req.body, tipoAval },
  });
  return reply({
    codRes: '00',
    detalleRespuesta: text('vehicle.guarantorSaved'),
    estadoProspecto: next.estado,
    prospecto: prospectAnswer(next, svc).prospecto,
  });
};

/** The consumer's final data step (10): stores the data and answers the documents state. */
const registerAdditionalFinal: Handler = async (req, svc) => {
  const p = await loadProspect(svc, req.body);
  if (!p) return reply(unknownProspect());
  const { codigoProspecto: _ignored, ...data } = req.body;
  return reply(await documentsStep(svc, p, data));
};

/**
 * Stored consumer simulation by id. The flow updates its state from this answer only when
 * the code is "00", so a missing simulation answers "99" and leaves the flow where it is.
 */
const getSimulation: Handler = async (req, svc) => reply(await storedSimulation(svc, req.params.id, CONSUMO));

/** Handlers by endpoint id. */
export const handlers: HandlerMap = {
  'consumo.preEvaluate': async (req, svc) => reply(await preEvaluate(svc, req.body, CONSUMO)),
  'consumo.preEvaluateQuoter': async (req, svc) => reply(await preEvaluate(svc, req.body, COTIZADOR)),
  'consumo.registerAdditional': async (req, svc) => reply(await personalData(svc, req.body)),
  'consumo.registerAdditionalFinal': registerAdditionalFinal,
  'consumo.getSimulation': getSimulation,
  'consumo.simulate': async (req, svc) => reply(await simulateConditions(svc, req.body, CONSUMO)),
  'consumo.quote': async (req, svc) => reply(await simulateConditions(svc, req.body, COTIZADOR)),
  'consumo.registerSimulation': async (req, svc) => reply(await registerSimulation(svc, req.body, CONSUMO)),
  'consumo.registerGuarantor': registerGuarantor,
  'consumo.sendQuote': async (req, svc) => reply(await sendQuote(svc, req.body)),
  'consumo.quoteReport': (req, svc) => quoteReply(svc, req.params.id),
  'consumo.preApprovalReport': (req, svc) => letterReply(svc, req.params.id, () => 'consumo-preaprobacion'),
  'consumo.approvalReport': (req, svc) => letterReply(svc, req.params.id, () => 'consumo-aprobacion'),
  'seminuevo.preEvaluate': async (req, svc) => reply(await preEvaluate(svc, req.body, SEMINUEVO)),
  'seminuevo.registerAdditional': async (req, svc) => reply(await personalData(svc, req.body)),
  'seminuevo.simulate': async (req, svc) => reply(await simulateConditions(svc, req.body, SEMINUEVO)),
  'seminuevo.registerSimulation': async (req, svc) =>
    reply(await registerSimulation(svc, req.body, SEMINUEVO)),
  'seminuevo.traditionalReport': (req, svc) =>
    letterReply(svc, req.params.data, () => 'seminuevo-tradicional'),
  'seminuevo.expressReport': (req, svc) => letterReply(svc, req.params.data, () => 'seminuevo-express'),
};
