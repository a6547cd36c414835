/** The entry point: router, shell styles, chunk-reload guard, promoter check, sandbox ribbon. */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './shell/shell.css';
import { AppRouter } from './app/router.tsx';
import { installChunkReloadGuard } from './lib/chunk-reload-guard.ts';
import { withAllTexts } from './lib/i18n.ts';
import { isSandbox } from './lib/sandbox-mode.ts';

installChunkReloadGuard();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to mount the site in.');
// A transition: React renders the site in slices of a few milliseconds instead of one long
// task, so the page answers input while it builds. The top bar of index.html stays on screen
// until the first commit.
const root = createRoot(container);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  ),
);

// After the page loaded and went idle: the promoter check and the sandbox marker never
// compete with the first paint or the applicant's first input.
const whenIdle = (fn: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1);
window.addEventListener('load', () =>
  whenIdle(() => {
    // The session cookie is the truth about the promoter, read at every start (not only when
    // this browser stored one).
    void withAllTexts(() => import('./stores/promoter-session.ts'))().then((m) => m.checkPromoterSession());
    void isSandbox().then(async (sandbox) => {
      if (!sandbox) return;
      const { mountSandboxRibbon } = await withAllTexts(() => import('./shell/sandbox-ribbon.tsx'))();
      mountSandboxRibbon();
    });
  }),
);
