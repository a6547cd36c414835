/**
 * The token calls (`/kong/token/send`, `/kong/token/valid`) for the consumer's income
 * declaration (steps 8 and 9). Upstream one token service serves every product; here a request
 * in the consumer's token group that names a consumer or semi-new application (`codigoProspecto`, with its
 * own `documento`) is served by `domain/vehicle/consumo-declaration.ts`, and any other request
 * goes to the shared token handler unchanged.
 */
import type { Handler, HandlerMap, HandlerRequest, Services } from '../types.ts';
import { findById, type Prospect } from '../../domain/vehicle/prospects.ts';
import {
  confirmDeclaration,
  CONSUMO_TOKEN_GROUP,
  DECLARING_FAMILIES,
  declareIncome,
} from '../../domain/vehicle/consumo-declaration.ts';
import { optStr } from './lde/input.ts';

/** The consumer application a declaration call names, or null when it is another kind of token request. */
async function declarationOf(svc: Services, req: HandlerRequest): Promise<Prospect | null> {
  if (optStr(req.body, 'grupo', 'grupoToken') !== CONSUMO_TOKEN_GROUP) return null;
  const raw = optStr(req.body, 'codigoProspecto');
  if (raw === undefined || !/^\d+$/.test(raw)) return null;
  const p = await findById(svc.db, Number(raw));
  if (!p || !DECLARING_FAMILIES.has(p.family)) return null;
  const documento = optStr(req.body, 'documento');
  return documento === undefined || documento === p.documento ? p : null;
}

function either(
  other: Handler | undefined,
  own: (svc: Services, p: Prospect, body: Record<string, unknown>) => Promise<Record<string, unknown>>,
): Handler {
  return async (req, svc) => {
    const p = await declarationOf(svc, req);
    if (p) return { body: await own(svc, p, req.body) };
    if (!other) return { status: 404, body: { codRes: '99' } };
    return other(req, svc);
  };
}

/** The token calls of `base`, each serving the consumer's income declaration first. */
export function withConsumoDeclaration(base: HandlerMap): HandlerMap {
  return {
    'tokens.send': either(base['tokens.send'], declareIncome),
    'tokens.validate': either(base['tokens.validate'], confirmDeclaration),
  };
}
