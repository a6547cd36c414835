/**
 * The promoter session calls: login answer parsing, the `statusSesion` check at start and
 * logout. Kept apart from the store so pages that only read the promoter do not load the
 * API client.
 */
import { request } from '../api/client.ts';
import { channelFor } from '../../engine/promoter-entitlements.ts';
import { clearAllSessions } from '../runtime/flow-session.ts';
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
 * The products a session answer enables (`productos: [{ ti_solpro }]`), as the server says
 * them; undefined when the answer names none (a status answer may leave them out).
 */
export function productsOf(body: Record<string, unknown>): { ti_solpro: number }[] | undefined {
  if (!Array.isArray(body.productos)) return undefined;
  const codes = body.productos.map((p: unknown) =>
    Number(typeof p === 'object' && p !== null ? (p as { ti_solpro?: unknown }).ti_solpro : p),
  );
  return codes.filter((c) => Number.isInteger(c) && c > 0).map((ti_solpro) => ({ ti_solpro }));
}

/**
 * Reads a promoter from an `inicioSesion` / `statusSesion` answer. The products are the
 * answer's `productos` (the server decides what a promoter may sell; without them, what the
 * browser already had, else none); the channel comes from the entity code, as the spec
 * derives it (default entity 1).
 */
export function promoterFrom(
  body: Record<string, unknown>,
  fallbackUser: string,
  previous?: Promoter | null,
): Promoter {
  const codigoEntidad = Number(body.codigoEntidad ?? 1) || 1;
  return {
    usuario: str(body.usuario) ?? fallbackUser,
    nombreUsuario: str(body.nombreUsuario) ?? fallbackUser,
    nombreUsuarioPersona: str(body.nombreUsuarioPersona),
    codigoEntidad,
    codigoUsuario: str(body.codigoUsuario),
    productos: productsOf(body) ?? previous?.productos ?? [],
    canal: channelFor(codigoEntidad),
    ...(str(body.usuProcurador) ? { usuProcurador: str(body.usuProcurador) } : {}),
  };
}

/**
 * Asks the server, at every start of the site, whether its cookie holds a promoter session:
 * code 0 stores the promoter it names (a promoter who logged in from another tab, or whose
 * browser storage was cleared, is known again), any other answer clears a stored one and
 * logs out. A call that got no answer (offline, a timeout, or a request cut short because
 * the page navigated away) says nothing about the session, so a stored promoter is kept; an
 * expired session still ends through the client's 401 handling.
 */
export async function checkPromoterSession(): Promise<void> {
  const { promoter } = usePromoter.getState();
  let answer: Record<string, unknown>;
  try {
    // Without a stored promoter, a 401 only means "no session": nobody is sent to log in.
    const { body } = await request({
      method: 'GET',
      path: PROMOTER_PATHS.status,
      timeoutMs: SESSION_TIMEOUT_MS,
      quietUnauthorized: !promoter,
    });
    answer = (body ?? {}) as Record<string, unknown>;
  } catch {
    return;
  }
  if (String(answer.codigoRespuesta) === '0') {
    usePromoter.getState().login(promoterFrom(answer, promoter?.usuario ?? '', promoter));
    return;
  }
  if (promoter) await logoutPromoter();
}

/**
 * Ends the promoter session on the server (best effort), clears the store and forgets every
 * client application the tab kept, so the next person at the device finds none.
 */
export async function logoutPromoter(): Promise<void> {
  usePromoter.getState().clear();
  clearAllSessions(window.sessionStorage);
  try {
    await request({ method: 'POST', path: PROMOTER_PATHS.logout, body: {}, timeoutMs: SESSION_TIMEOUT_MS });
  } catch {
    // The local session is gone either way; the cookie expires on the server.
  }
}
