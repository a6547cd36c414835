/** The global loading indicator: a thin bar and a dimmed overlay while any call is in flight. */
import { t } from '../lib/i18n.ts';
import { useUi } from '../stores/ui-store.ts';

export function LoadingIndicator() {
  const loading = useUi((s) => s.loading > 0);
  if (!loading) return null;
  return (
    <div className="loading" role="progressbar" aria-label={t('app.loading')} aria-busy="true">
      <div className="loading__bar" />
      <div className="loading__spinner" />
    </div>
  );
}
