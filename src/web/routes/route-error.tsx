import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isApiError } from '../api/client.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { NotFoundPage } from './not-found.tsx';

/** The code of an API failure, as the server's loader threw it or as hydration restored it. */
function failureCode(error: unknown): string | undefined {
  if (isApiError(error)) return error.code;
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    if (typeof data === 'object' && data !== null && 'code' in data) return String(data.code);
  }
  return undefined;
}

/**
 * Errors thrown by loaders: a 404 shows the 404 page; content the UK gate withheld (decision
 * 0025) a quiet notice under the gate, with nothing of the content; anything else a retry.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound =
    (isRouteErrorResponse(error) && error.status === 404) ||
    (isApiError(error) && error.status === 404);
  if (notFound) return <NotFoundPage />;
  if (failureCode(error) === 'age_verification_required') {
    const text = t('errors.age_verification_required');
    return (
      <div role="status" style={{ textAlign: 'center', margin: '48px auto' }}>
        <PageMeta title={text} description={text} noindex />
        <p>{text}</p>
      </div>
    );
  }
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
