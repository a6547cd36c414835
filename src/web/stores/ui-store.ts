/**
 * Shell-wide UI state: the global loading indicator (a counter, so overlapping calls keep it
 * on) and the modal error dialog for errors raised outside a flow (e.g. the promoter login).
 */
import { createSmallStore } from '../lib/small-store.ts';

export interface ErrorDialogContent {
  title?: string;
  message: string;
  image?: string;
}

interface UiStore {
  loading: number;
  error: ErrorDialogContent | null;
  showError(content: ErrorDialogContent): void;
  closeError(): void;
}

export const useUi = createSmallStore<UiStore>((set) => ({
  loading: 0,
  error: null,
  showError: (error) => set({ error }),
  closeError: () => set({ error: null }),
}));

/** Turns the global loading indicator on until the returned function is called (once). */
export function beginLoading(): () => void {
  useUi.setState((s) => ({ loading: s.loading + 1 }));
  let done = false;
  return () => {
    if (done) return;
    done = true;
    useUi.setState((s) => ({ loading: Math.max(0, s.loading - 1) }));
  };
}
