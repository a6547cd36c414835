/**
 * Motorcycle and Honda motorcycle calls (spec 001 §7 "Motorcycle"). The state of each answer
 * follows the moto table of spec 000 §4 and the vehicle scenarios of SCENARIOS.md; the shared
 * calls `simular/{id}`, `envio/carta/aprobacion` and `estado/final` serve every vehicle family.
 */
import { BadInput, type Handler, type HandlerMap } from '../types.ts';
import { letterReply, motoLetter, sendApprovalLetter } from '../../domain/vehicle/letter-steps.ts';
import {
  registerSimulation,
  simulateConditions,
  storedSimulation,
} from '../../domain/vehicle/simulation-steps.ts';
import {
  contactIntent,
  documentsStep,
  finalState,
  loadProspect,
  lookupVehicleProspect,
  MOTO,
  MOTO_HONDA,
  personalData,
  preEvaluate,
  unknownProspect,
} from '../../domain/vehicle/steps.ts';
import { checkUpload, saveUpload, uploadFromBody } from '../../domain/vehicle/uploads.ts';
import { ldBancarizadorLetter, ldBancarizadorOf } from './ld-letter.ts';

const reply = (body: Record<string, unknown>) => ({ body });

const lookupProspect: Handler = async (req, svc) => {
  const found = await lookupVehicleProspect(svc, req.body);
  return reply(
    found ? { codRes: '00', estadoProspecto: found.estadoProspecto, prospecto: found } : unknownProspect(),
  );
};

/** A document upload: checked for size and type (400 otherwise), stored as a row, then the documents step. */
const attachFile: Handler = async (req, svc) => {
  const upload = checkUpload(uploadFromBody(req.body, 'documento'));
  const p = await loadProspect(svc, req.body);
  if (!p) return reply(unknownProspect());
  const id = await saveUpload(svc.db, p.id, upload, svc.clock.now());
  return reply({
    ...(await documentsStep(svc, p, { [`adjunto_${upload.kind}`]: id }, true)),
    codigoArchivo: id,
  });
};

/** The Honda approval letter answers its URL in `message` (the flow opens it). */
const hondaApprovalReport: Handler = async (req, svc) => {
  const raw = req.params.id;
  if (raw === undefined || raw === '')
    throw new BadInput([{ path: 'id', message: 'Falta el código del prospecto' }]);
  const p = await loadProspect(svc, { codigoProspecto: raw });
  if (!p) return reply(unknownProspect());
  const url = `${svc.settings.publicUrl.replace(/\/$/, '')}/kong/reporte/cartamoto/2/${p.id}?tipo=aprobacion`;
  return reply({ codRes: '00', message: url, urlCarta: url });
};

/** Handlers by endpoint id. */
export const handlers: HandlerMap = {
  'moto.preEvaluate': async (req, svc) => reply(await preEvaluate(svc, req.body, MOTO)),
  'moto.registerAdditional': async (req, svc) => reply(await personalData(svc, req.body)),
  'moto.simulateConditions': async (req, svc) => reply(await simulateConditions(svc, req.body, MOTO)),
  'moto.registerSimulation': async (req, svc) => reply(await registerSimulation(svc, req.body, MOTO)),
  'moto.lookupProspect': lookupProspect,
  'moto.getSimulation': async (req, svc) => reply(await storedSimulation(svc, req.params.id, MOTO)),
  'moto.sendApprovalLetter': async (req, svc) =>
    reply(await sendApprovalLetter(svc, req.body, '/kong/reporte/aprobacion/2')),
  'moto.finalState': async (req, svc) => reply(await finalState(svc, req.body)),
  'moto.rejectedContactIntent': async (req, svc) => reply(await contactIntent(svc, req.body)),
  'moto.attachFile': attachFile,
  'moto.letterReport': (req, svc) =>
    letterReply(svc, req.params.id, (p) =>
      req.query.tipo === 'aprobacion' ? 'moto-aprobacion' : motoLetter(p),
    ),
  'moto.letterReportLdBancarizador': async (req, svc) => {
    const ld = await ldBancarizadorOf(svc, req.params.id);
    return ld ? ldBancarizadorLetter(svc, ld) : letterReply(svc, req.params.id, () => 'moto-no-bancarizado');
  },
  'moto.hondaPreEvaluate': async (req, svc) => reply(await preEvaluate(svc, req.body, MOTO_HONDA)),
  'moto.hondaRegisterAdditional': async (req, svc) => reply(await personalData(svc, req.body)),
  'moto.hondaSimulate': async (req, svc) => reply(await simulateConditions(svc, req.body, MOTO_HONDA)),
  'moto.hondaRegisterSimulation': async (req, svc) =>
    reply(await registerSimulation(svc, req.body, MOTO_HONDA)),
  'moto.hondaPreApprovalReport': (req, svc) => letterReply(svc, req.params.id, () => 'moto-preaprobacion'),
  'moto.hondaApprovalReport': hondaApprovalReport,
};
