/**
 * The promoter session calls: login answer parsing, the `statusSesion` check at start and
 * logout. Kept apart from the store so pages that only read the promoter do not load the
 * API client.
 */
import { request } from '../api/client.ts';
import { channelFor, productsFor } from '../../engine/promoter-entitlements.ts';
import { usePromoter, type Promoter } from './promoter-store.ts';

export const PROMOTER_PATHS = {
  login: '/api/private/v1.1/inicioSesion',
  status: '/api/private/v1.1/statusSesion',
  logout: '/api/private/v1.1/logoutSesion',
} as const;

const SESSION_TIMEOUT_MS = 15_000;

function str(v: unknown): string | undefined {
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

/**
 * Reads a promoter from an `inicioSesion` / `statusSesion` answer. The channel and products
 * come from the entity code, as the spec derives them (default entity 1), not from the answer.
 */
export function promoterFrom(body: Record<string, unknown>, fallbackUser: string): Promoter {
  const codigoEntidad = Number(body.codigoEntidad ?? 1) || 1;
  return {
    usuario: str(body.usuario) ?? fallbackUser,
    nombreUsuario: str(body.nombreUsuario) ?? fallbackUser,
    nombreUsuarioPersona: str(body.nombreUsuarioPersona),
    codigoEntidad,
    codigoUsuario: str(body.codigoUsuario),
    productos: productsFor(codigoEntidad),
    canal: channelFor(codigoEntidad),
    ...(str(body.usuProcurador) ? { usuProcurador: str(body.usuProcurador) } : {}),
  };
}

/**
 * Asks the server whether the promoter session is alive: code 0 refreshes the store, any
 * other answer logs out and clears it. A call that got no answer (offline, a timeout, or a
 * request cut short because the page navigated away) says nothing about the session, so the
 * promoter is kept; an expired session still ends through the client's 401 handling.
 */
export async function checkPromoterSession(): Promise<void> {
  const { promoter } = usePromoter.getState();
  let answer: Record<string, unknown>;
  try {
    const { body } = await request({ method: 'GET', path: PROMOTER_PATHS.status, timeoutMs: SESSION_TIMEOUT_MS });
    answer = (body ?? {}) as Record<string, unknown>;
  } catch {
    return;
  }
  if (String(answer.codigoRespuesta) === '0') {
    usePromoter.getState().login(promoterFrom(answer, promoter?.usuario ?? ''));
    return;
  }
  if (promoter) await logoutPromoter();
}

/** Ends the promoter session on the server (best effort) and clears the store. */
export async function logoutPromoter(): Promise<void> {
  usePromoter.getState().clear();
  try {
    await request({ method: 'POST', path: PROMOTER_PATHS.logout, body: {}, timeoutMs: SESSION_TIMEOUT_MS });
  } catch {
    // The local session is gone either way; the cookie expires on the server.
  }
}
