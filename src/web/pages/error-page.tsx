/**
 * The error page: 'Página no encontrada' for a 404 (unknown route or a 404 thrown by a
 * loader), 'Ha ocurrido un error' otherwise, with the link 'Ir a página principal'.
 */
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
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

/** `errorElement` of the routes. */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV && !(isRouteErrorResponse(error) && error.status === 404)) console.error(error);
  return <ErrorView notFound={isRouteErrorResponse(error) && error.status === 404} />;
}

/** The catch-all route. */
export function NotFoundPage() {
  return <ErrorView notFound />;
}
