/**
 * 'Cargando…' as a status line, wherever something the applicant waits for is on its way (a
 * page's code, a step's view, a step's data). `late` shows it only after 400 ms, so a fast
 * load does not flash it.
 */
import { t } from '../lib/i18n.ts';

export function LoadingStatus({ late = false }: { late?: boolean }) {
  return (
    <div className={late ? 'view-fallback page-loading' : 'view-fallback'} role="status">
      {t('app.loading')}
    </div>
  );
}
