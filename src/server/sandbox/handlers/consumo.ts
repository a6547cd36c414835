/**
 * Consumer, partner consumer (consumo-alfin), quoter and semi-new calls (spec 001 §7 "Consumer
 * and semi-new"). States follow the used-vehicle/consumer table of spec 000 §4 and the vehicle
 * scenarios; simulations carry the current and new annual rates (`pr_teaact`, `pr_teanue`).
 */
import { BadInput, type Handler, type HandlerMap } from '../types.ts';
import { letterReply } from '../../domain/vehicle/letter-steps.ts';
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

const reply = (body: Record<string, unknown>) => ({ body });

/** The guarantor types of spec 000 §3: GM property (movable guarantee), GI income. */
const GUARANTOR_TYPES = new Set(['GM', 'GI']);

const registerGuarantor: Handler = async (req, svc) => {
  const p = await loadProspect(svc, req.body);
  if (!p) return reply(unknownProspect());
  const tipoAval = typeof req.body.tipoAval === 'string' ? req.body.tipoAval : 'GI';
  if (!GUARANTOR_TYPES.has(tipoAval))
    throw new BadInput([
      { path: 'tipoAval', message: 'El tipo de aval debe ser GM (garantía mobiliaria) o GI (ingresos)' },
    ]);
  if (req.body.documentoAval !== undefined && req.body.documentoAval === p.documento) {
    throw new BadInput([{ path: 'documentoAval', message: 'El aval no puede ser el mismo titular' }]);
  }
  const next = await setState(svc.db, p, 'guarantor', p.estado, svc.clock.now(), {
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
