/**
 * The browser's back button inside a wizard. Once something the applicant did lies behind
 * (`backOption` is not `none`), one extra history entry (a guard, same address) sits on top
 * of the page's own; pressing back lands on the page's entry, and the guard decides: go to the
 * step the flow lets the applicant revisit, or stay (the guard is put back) and say why. So
 * back never leaves the wizard silently; on the first step it is the browser's again.
 */
import type { BackOption } from '../../engine/back-option.ts';

/** Marks the guard entry in `history.state`, beside what the router keeps there. */
const MARK = 'flowBackGuard';

/** The part of `window.history` the guard uses, injected so tests need no browser. */
export interface HistoryPort {
  readonly state: unknown;
  push(state: unknown): void;
  back(): void;
  /** Calls `fn` on every `popstate`; returns the way to stop. */
  onPop(fn: () => void): () => void;
}

/** Why the applicant stayed, to tell them. */
export type BackRefusal = 'busy' | 'behind';

const guarded = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[MARK] === true;

export class BackGuard {
  private readonly stop: () => void;

  constructor(
    private readonly history: HistoryPort,
    private readonly option: () => BackOption,
    private readonly goBack: () => void,
    private readonly refused: (reason: BackRefusal) => void,
  ) {
    this.stop = history.onPop(this.popped);
    this.sync();
  }

  /** Puts the guard entry on when something lies behind; call after every transition. */
  sync(): void {
    if (this.option().kind === 'none' || guarded(this.history.state)) return;
    const own =
      typeof this.history.state === 'object' && this.history.state !== null ? this.history.state : {};
    this.history.push({ ...own, [MARK]: true });
  }

  dispose(): void {
    this.stop();
  }

  private readonly popped = (): void => {
    // Forward onto the guard, or a move between other entries: not a back from this step.
    if (guarded(this.history.state)) return;
    const option = this.option();
    if (option.kind === 'step') {
      this.goBack();
      this.sync();
    } else if (option.kind === 'blocked') {
      this.sync();
      this.refused(option.reason);
    } else {
      // Nothing lies behind any more (the flow started over): back leaves, as the applicant asked.
      this.history.back();
    }
  };
}

/** `window.history` as the guard needs it. */
export function browserHistory(): HistoryPort {
  return {
    get state() {
      return window.history.state as unknown;
    },
    push: (state) => window.history.pushState(state, ''),
    back: () => window.history.back(),
    onPop: (fn) => {
      window.addEventListener('popstate', fn);
      return () => window.removeEventListener('popstate', fn);
    },
  };
}
