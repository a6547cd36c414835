/**
 * The logged-in promoter, persisted in localStorage so new tabs see it (a small store rather
 * than zustand: the shell in the entry reads it). The server's session cookie is the truth:
 * `checkPromoterSession` (promoter-session.ts) asks `statusSesion` at start and clears the
 * store when the server no longer knows the promoter.
 */
import { createSmallStore } from '../lib/small-store.ts';

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
