/**
 * The identity, contract and signature calls for motorcycle applications. Upstream these
 * calls serve every product from one prospect table; in the sandbox the motorcycle
 * applications live apart (`vehicle_prospects`, whose codes never meet the instant-credit
 * ones), so each call here serves a motorcycle application itself and hands any other code
 * to the instant-credit handler unchanged.
 */
import type { Handler, HandlerMap, HandlerRequest, Services } from '../types.ts';
import { findById, type Prospect } from '../../domain/vehicle/prospects.ts';
import {
  SIGNING_FAMILIES,
  vehicleAnswers,
  vehicleContracts,
  vehicleDocumentPdf,
  vehicleQuestions,
  vehicleSendCode,
  vehicleSign,
} from '../../domain/vehicle/signature.ts';
import { readDocumentLink } from '../../domain/lde/document-links.ts';
import { CONTRACT_DOCUMENTS } from '../../domain/lde/documents.ts';
import { optStr } from './lde/input.ts';

/** The motorcycle application a call names (body `codigoProspecto`, else the path `{id}`), when the body's `documento`, if any, is its own. */
async function motoProspectOf(svc: Services, req: HandlerRequest): Promise<Prospect | null> {
  const raw = req.body.codigoProspecto ?? req.params.id;
  const id =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) return null;
  const p = await findById(svc.db, id);
  if (!p || !SIGNING_FAMILIES.has(p.family)) return null;
  const documento = optStr(req.body, 'documento');
  return documento === undefined || documento === p.documento ? p : null;
}

/** `own` for a motorcycle application, else the instant-credit handler `other`. */
function either(
  other: Handler | undefined,
  own: (svc: Services, p: Prospect, req: HandlerRequest) => Promise<Record<string, unknown>>,
): Handler {
  return async (req, svc) => {
    const p = await motoProspectOf(svc, req);
    if (p) return { body: await own(svc, p, req) };
    if (!other) return { status: 404, body: { codRes: '99', detalleRespuesta: 'Prospecto no encontrado' } };
    return other(req, svc);
  };
}

/** The contract document link: a motorcycle application's PDF, else the instant-credit report. */
function documentReport(other: Handler | undefined): Handler {
  return async (req, svc) => {
    const claims = await readDocumentLink(svc.settings.jwtSecret, req.params.data ?? '', svc.clock.now());
    const p = claims ? await findById(svc.db, claims.codigoProspecto) : null;
    if (
      claims &&
      p &&
      SIGNING_FAMILIES.has(p.family) &&
      p.documento === claims.documento &&
      CONTRACT_DOCUMENTS.some((d) => d.tipo === claims.tipo)
    ) {
      const pdf = await vehicleDocumentPdf(svc, p, claims.tipo);
      if (pdf) return { body: pdf, contentType: 'application/pdf' };
    }
    if (!other) return { status: 404, body: { codRes: '99' } };
    return other(req, svc);
  };
}

/** The shared calls of `base`, each serving motorcycle applications first. */
export function withMotoSignature(base: HandlerMap): HandlerMap {
  return {
    'identity.questions': either(base['identity.questions'], (svc, p) => vehicleQuestions(svc, p)),
    'identity.answers': either(base['identity.answers'], (svc, p, req) => vehicleAnswers(svc, p, req.body)),
    'contracts.generate': either(base['contracts.generate'], (svc, p) => vehicleContracts(svc, p)),
    'contracts.sendToken': either(base['contracts.sendToken'], (svc, p) => vehicleSendCode(svc, p)),
    'lde.update3': either(base['lde.update3'], (svc, p, req) => vehicleSign(svc, p, req.body, req.ip)),
    'contracts.document': documentReport(base['contracts.document']),
  };
}
