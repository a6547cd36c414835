/**
 * The site, started by the entry (`main.tsx`) once React's DOM renderer has run: router, shell
 * styles, chunk-reload guard, promoter check, sandbox ribbon.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { builtScreenFits, forgetEndedPromoter } from './app/built-screen-fits.ts';
import { AppRouter, promoterSessionExpiredBeforeStart } from './app/router.tsx';
import { installChunkReloadGuard } from './lib/chunk-reload-guard.ts';
import { withAllTexts } from './lib/i18n.ts';
import { ownPageForms, setFirstScreenMode } from './lib/first-screen.ts';
import { isSandbox } from './lib/sandbox-mode.ts';
import { flowMetas } from './runtime/flow-files.ts';
import { usePromoter } from './stores/promoter-store.ts';

installChunkReloadGuard();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to mount the site in.');
const site = (
  <StrictMode>
    <AppRouter />
  </StrictMode>
);
// A first screen the build prerendered (`scripts/prerender.ts`) is taken over as it is when it
// is exactly what this visitor would see (`builtScreenFits`): each part becomes live when its
// code is in, and what was typed meanwhile stays. Otherwise (a link with a query string, a
// promoter, a saved session) the runtime draws the page itself, as for a page without HTML.
// Either way in a transition: React works in slices of a few milliseconds instead of one long
// task, so the page answers input while it builds (the top bar of index.html, or the build's
// HTML, stays on screen until the first commit).
// Started in tasks of their own: evaluating this module and what it imports is already tens of
// milliseconds on a slow phone, and the browser may paint or take a keystroke in between. The
// checks read the cookie, the tab's storage and every flow's routes, and starting React binds
// its listeners and schedules the first render: a few milliseconds each, one task each.
setTimeout(() => {
  if (forgetEndedPromoter(container, window.sessionStorage) === 'expired')
    promoterSessionExpiredBeforeStart();
  const builtFits =
    container.hasAttribute('data-prerendered') &&
    builtScreenFits(
      window.location,
      window.sessionStorage,
      usePromoter.getState().promoter !== null,
      flowMetas().map((f) => f.meta),
    );
  setTimeout(() => {
    if (builtFits) {
      setFirstScreenMode('hydrate');
      startTransition(() => void hydrateRoot(container, site));
    } else {
      ownPageForms();
      const root = createRoot(container);
      startTransition(() => root.render(site));
    }
  }, 0);
}, 0);

// After the page loaded and went idle: the promoter check and the sandbox marker never
// compete with the first paint or the applicant's first input.
const whenIdle = (fn: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: 3000 }) : setTimeout(fn, 1);
const afterLoad = () =>
  whenIdle(() => {
    // The session cookie is the truth about the promoter, read at every start (not only when
    // this browser stored one).
    void withAllTexts(() => import('./stores/promoter-session.ts'))().then((m) => m.checkPromoterSession());
    void isSandbox().then(async (sandbox) => {
      if (!sandbox) return;
      const { mountSandboxRibbon } = await withAllTexts(() => import('./shell/sandbox-ribbon.tsx'))();
      mountSandboxRibbon();
    });
  });
// The boot script asks for this code after the first paint, often after the page's load event.
if (document.readyState === 'complete') afterLoad();
else window.addEventListener('load', afterLoad);
