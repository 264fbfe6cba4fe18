import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { NotFoundPage } from './not-found.tsx';

/** Errors thrown by loaders: a 404 shows the 404 page, anything else a friendly retry. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound =
    (isRouteErrorResponse(error) && error.status === 404) ||
    (isApiError(error) && error.status === 404);
  if (notFound) return <NotFoundPage />;
  return (
    <div role="alert" style={{ textAlign: 'center', margin: '48px auto' }}>
      <PageMeta title={t('errors.general_error')} description={t('errors.general_error')} noindex />
      <h1>{t('errors.general_error')}</h1>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('errors.retry')}
        </button>
      </p>
    </div>
  );
}
