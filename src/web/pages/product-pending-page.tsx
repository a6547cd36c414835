/** A product route without a flow file yet: presents the product, says it is not online yet. */
import { Link } from 'react-router-dom';
import { t } from '../lib/i18n.ts';
import { useRouteHandle } from '../shell/route-handle.ts';

export default function ProductPendingPage() {
  const handle = useRouteHandle();
  // A page that hides the home link in the bar (`menu` false) offers none in its body either.
  const homeLink = handle.menu !== false;
  return (
    <div className="panel">
      <h1>{t(handle.title ?? 'app.name')}</h1>
      <p>{t('page.pending.message')}</p>
      {homeLink && (
        <Link className="button" to="/">
          {t('page.error.homeLink')}
        </Link>
      )}
    </div>
  );
}
