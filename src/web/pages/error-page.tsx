/**
 * The error page: 'Página no encontrada' for a 404 (unknown route, a record that does not
 * exist), 'Ha ocurrido un error' otherwise (shown by `RouteErrorBoundary` when a page fails),
 * with the link 'Ir a página principal'.
 */
import { Link } from 'react-router-dom';
import { t } from '../lib/i18n.ts';
import { usePageTitle } from '../shell/page-title.ts';

export function ErrorView({ notFound }: { notFound: boolean }) {
  const title = t(notFound ? 'page.notFound.title' : 'page.error.title');
  usePageTitle(title, t('app.name'));
  return (
    <div className="panel error-page">
      <h1>{title}</h1>
      <Link className="button" to="/">
        {t('page.error.homeLink')}
      </Link>
    </div>
  );
}

/** The catch-all route. */
export function NotFoundPage() {
  return <ErrorView notFound />;
}
