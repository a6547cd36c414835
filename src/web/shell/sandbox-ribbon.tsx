/**
 * The sandbox marker: in sandbox mode a small, unmistakable 'Sandbox' ribbon in a corner.
 * Clicking it opens a drawer with the SMS outbox of a phone number (newest first, tokens
 * and links visible) and the scenario table, so a person can walk any flow without reading
 * logs. Loaded only after the server said it is a sandbox: production pays nothing.
 */
import { lazy, StrictMode, Suspense, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { t, withAllTexts } from '../lib/i18n.ts';

const SandboxDrawer = lazy(withAllTexts(() => import('./sandbox-drawer.tsx')));

export function SandboxRibbon() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="sandbox-ribbon" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('app.sandbox')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SandboxDrawer onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** Mounts the ribbon in its own root, outside the routed page. */
export function mountSandboxRibbon(): void {
  const host = document.createElement('div');
  host.id = 'sandbox-root';
  document.body.appendChild(host);
  createRoot(host).render(
    <StrictMode>
      <SandboxRibbon />
    </StrictMode>,
  );
}
