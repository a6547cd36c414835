/**
 * The consumer's income declaration (spec 000 §2, consumer steps 8 "income declaration (sign
 * documents)" and 9 "token confirmation"). An application whose express evaluation sent the
 * approval letter (state 39 with `cartaAprobacion`) declares its monthly income and signs the
 * sworn declaration with an SMS code sent to the application's own phone; the signed
 * declaration approves the registration (33), from which the shared signature sequence
 * (101–106: identity, contract documents, electronic signature) serves it.
 *
 * The calls are the spec's token calls (`/kong/token/send`, `/kong/token/valid`) with the
 * consumer's token group; `sandbox/handlers/consumo-declaration.ts` routes them here.
 */
import type { Services } from '../../sandbox/types.ts';
import { checkToken, sendToken, type TokenPurpose } from '../lde/sms-tokens.ts';
import { setState, type Prospect } from './prospects.ts';
import { backOfficePreparesContracts, phoneOf, READY_TO_SIGN } from './signature.ts';
import { text } from '../../texts.ts';
import { scenarioFor } from '../../sandbox/scenarios.ts';

/** Token group of the consumer's sworn declaration (the request's `grupo`). */
export const CONSUMO_TOKEN_GROUP = 'CONSUMO';
/** Token type of the declaration's signing code. */
export const DECLARATION_TOKEN_TYPE = 'DJ';
/** Final state (000 §4): the consumer application after the final state change. */
export const CONSUMO_FINAL = 39;

type Reply = Record<string, unknown>;

const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : undefined;
};

/** The families whose applications sign an income declaration (steps 8 and 9): consumer and semi-new. */
export const DECLARING_FAMILIES: ReadonlySet<string> = new Set(['consumo', 'seminuevo']);

/** True when the application may sign its declaration: final state with an approval letter (express evaluation). */
export function mayDeclare(p: Prospect): boolean {
  return (
    DECLARING_FAMILIES.has(p.family) &&
    p.estado === CONSUMO_FINAL &&
    typeof p.data.cartaAprobacion === 'string' &&
    p.data.cartaAprobacion !== ''
  );
}

function purposeOf(p: Prospect): TokenPurpose {
  return {
    documento: p.documento,
    celular: phoneOf(p),
    grupo: CONSUMO_TOKEN_GROUP,
    tipo: DECLARATION_TOKEN_TYPE,
  };
}

/**
 * Step 8: keeps the declared income and texts the signing code ("00"); "01" when no code can be
 * sent now; "99" when the application is not approved for it (traditional evaluation pending,
 * or already past it).
 */
export async function declareIncome(
  svc: Services,
  p: Prospect,
  body: Record<string, unknown>,
): Promise<Reply> {
  if (!mayDeclare(p)) return { codRes: '99', detalleRespuesta: text('vehicle.declarationNotReady') };
  const ingreso = num(body.ingresoMensual) ?? num(p.data.ingresoMensual);
  const now = svc.clock.now();
  await setState(svc.db, p, 'incomeDeclaration', p.estado, now, {
    declaracionJuradaFirmar: { ingresoMensual: ingreso ?? null, declaradoEn: new Date(now).toISOString() },
  });
  // The scenario row 35000001: the code cannot be sent now, as when the phone's limit is reached.
  const sent =
    scenarioFor('vehicle', p.documento, 'incomeDeclaration')?.code === '01'
      ? { ok: false }
      : await sendToken(svc, purposeOf(p));
  return sent.ok
    ? { codRes: '00', detalleRespuesta: text('token.sent') }
    : { codRes: '01', detalleRespuesta: text('error.tokenSend') };
}

/**
 * Step 9: the code signs the declaration ("00", the application moves to 33 and may sign its
 * contract documents); "01" when the code is wrong, expired or used, or nothing was declared.
 */
export async function confirmDeclaration(
  svc: Services,
  p: Prospect,
  body: Record<string, unknown>,
): Promise<Reply> {
  const declared = p.data.declaracionJuradaFirmar;
  if (!mayDeclare(p) || typeof declared !== 'object' || declared === null)
    return { codRes: '01', detalleRespuesta: text('token.incorrect') };
  const code = [body.token, body.codigo, body.tokenSMS].find((v): v is string => typeof v === 'string') ?? '';
  const check = await checkToken(svc, purposeOf(p), code.trim());
  if (!check.ok) return { codRes: '01', detalleRespuesta: text('token.incorrect') };
  const now = svc.clock.now();
  const next = await setState(svc.db, p, 'incomeDeclarationSigned', READY_TO_SIGN, now, {
    arcaDJ: true,
    declaracionJurada: { ...declared, tokenId: check.tokenId, firmadoEn: new Date(now).toISOString() },
  });
  await backOfficePreparesContracts(svc, next);
  return { codRes: '00', detalleRespuesta: text('token.valid'), estadoProspecto: next.estado };
}
