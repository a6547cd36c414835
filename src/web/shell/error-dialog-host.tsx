/**
 * Hosts the modal error dialog of the layouts that have one. The dialog (and all texts) loads only
 * when an error is shown, so pages that never fail pay nothing for it.
 */
import { lazy, Suspense } from 'react';
import { guardedImport } from '../lib/chunk-reload-guard.ts';
import { withAllTexts } from '../lib/i18n.ts';
import { useUi } from '../stores/ui-store.ts';

const ErrorDialog = lazy(() => guardedImport(withAllTexts(() => import('../modals/error-dialog.tsx'))));

export function ErrorDialogHost() {
  const error = useUi((s) => s.error);
  if (!error) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog
        title={error.title}
        message={error.message}
        image={error.image}
        onOk={() => useUi.getState().closeError()}
      />
    </Suspense>
  );
}
