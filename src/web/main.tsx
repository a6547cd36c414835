/** The entry point: router, shell styles, chunk-reload guard, promoter check, sandbox ribbon. */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './shell/shell.css';
import { AppRouter } from './app/router.tsx';
import { installChunkReloadGuard } from './lib/chunk-reload-guard.ts';
import { withAllTexts } from './lib/i18n.ts';
import { setFirstScreenMode } from './lib/first-screen.ts';
import { isSandbox } from './lib/sandbox-mode.ts';
import { usePromoter } from './stores/promoter-store.ts';

installChunkReloadGuard();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to mount the site in.');
const site = (
  <StrictMode>
    <AppRouter />
  </StrictMode>
);
// A first screen the build prerendered (`scripts/prerender.ts`) is taken over as it is: each
// part becomes live when its code is in, and what was typed meanwhile stays. A promoter's
// page differs from the build's (account menu, client context), so it is drawn afresh.
if (container.hasAttribute('data-prerendered') && !usePromoter.getState().promoter) {
  setFirstScreenMode('hydrate');
  hydrateRoot(container, site);
} else {
  // A transition: React renders the site in slices of a few milliseconds instead of one long
  // task, so the page answers input while it builds. The top bar of index.html stays on screen
  // until the first commit.
  const root = createRoot(container);
  startTransition(() => root.render(site));
}

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
