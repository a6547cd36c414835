/** The entry point: router, shell styles, chunk-reload guard, promoter check, sandbox ribbon. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import './shell/shell.css';
import { createAppRouter } from './app/router.tsx';
import { setUnauthorizedHandler } from './api/client.ts';
import { installChunkReloadGuard } from './lib/chunk-reload-guard.ts';
import { isSandbox } from './lib/sandbox-mode.ts';
import { checkPromoterSession, usePromoter } from './stores/promoter-store.ts';

installChunkReloadGuard();
const router = createAppRouter();

setUnauthorizedHandler(() => {
  usePromoter.getState().clear();
  void router.navigate('/promotor');
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to mount the site in.');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);

// After first paint: the promoter session and the sandbox marker never delay the page.
window.addEventListener('load', () => {
  if (usePromoter.getState().promoter) void checkPromoterSession();
  void isSandbox().then(async (sandbox) => {
    if (!sandbox) return;
    const { mountSandboxRibbon } = await import('./shell/sandbox-ribbon.tsx');
    mountSandboxRibbon();
  });
});
