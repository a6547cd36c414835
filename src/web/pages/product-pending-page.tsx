/** A product route without a flow file yet: presents the product, says it is not online yet. */
import { Link, useMatches } from 'react-router-dom';
import { t } from '../lib/i18n.ts';

export default function ProductPendingPage() {
  const matches = useMatches();
  const handle = (matches[matches.length - 1]?.handle ?? {}) as { title?: string };
  return (
    <div className="panel">
      <h1>{t(handle.title ?? 'app.name')}</h1>
      <p>{t('page.pending.message')}</p>
      <Link className="button" to="/">
        {t('page.error.homeLink')}
      </Link>
    </div>
  );
}
