/**
 * The logged-in promoter, persisted in localStorage so new tabs see it (a small store rather
 * than zustand: the shell in the entry reads it). The server's session cookie is the truth:
 * `checkPromoterSession` (promoter-session.ts) asks `statusSesion` at start and clears the
 * store when the server no longer knows the promoter.
 */
import { createSmallStore } from '../lib/small-store.ts';
import { clearAllSessions } from '../runtime/flow-session.ts';

export interface Promoter {
  /** The promoter's user id (shown in the bar). */
  usuario: string;
  nombreUsuario: string;
  nombreUsuarioPersona?: string;
  codigoEntidad: number;
  codigoUsuario?: string;
  productos: { ti_solpro: number }[];
  /** Sales channel from the entity (spec 000 §3): sent as `channel` with each pre-evaluation. */
  canal: number;
  /** User name of the promoter's procurador (spec 000 §3), when the account names one. */
  usuProcurador?: string;
}

interface PromoterStore {
  promoter: Promoter | null;
  login(promoter: Promoter): void;
  clear(): void;
}

export const usePromoter = createSmallStore<PromoterStore>(
  (set) => ({
    promoter: null,
    login: (promoter) => set({ promoter }),
    clear: () => set({ promoter: null }),
  }),
  { name: 'promoter', pick: (s) => ({ promoter: s.promoter }) },
);

/**
 * Forgets the stored promoter when the page says the server saw no promoter session: the server
 * sends a page the build drew for its address (`#root` marked `data-prerendered`, not the error
 * page's `="error"`) only to a visitor without a promoter session cookie (`visitorFits`,
 * `src/server/static-site.ts`), and that cookie ends with the browser. A promoter still stored
 * then is one whose session ended with it (a tablet restarted): forgotten at once, with the
 * client applications the tab kept, as a logout would, before any page draws them logged in.
 * True when one was forgotten.
 */
export function forgetEndedPromoter(
  root: Element,
  storage: Pick<Storage, 'length' | 'key' | 'removeItem'>,
): boolean {
  if (root.getAttribute('data-prerendered') !== '' || usePromoter.getState().promoter === null) return false;
  usePromoter.getState().clear();
  clearAllSessions(storage);
  return true;
}
