/**
 * The logged-in promoter (zustand, persisted in localStorage so new tabs see it). The
 * server's session cookie is the truth: `checkPromoterSession` (promoter-session.ts) asks
 * `statusSesion` at start and clears the store when the server no longer knows the promoter.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

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
}

interface PromoterStore {
  promoter: Promoter | null;
  login(promoter: Promoter): void;
  clear(): void;
}

export const usePromoter = create<PromoterStore>()(
  persist(
    (set) => ({
      promoter: null,
      login: (promoter) => set({ promoter }),
      clear: () => set({ promoter: null }),
    }),
    { name: 'promoter', storage: createJSONStorage(() => window.localStorage) },
  ),
);
