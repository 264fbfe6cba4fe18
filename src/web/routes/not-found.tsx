import { Link } from 'react-router';
import { PageMeta } from '../components/page-meta.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import styles from './not-found.module.css';

/** SPEC.md §2: the 404 page says the page is unavailable and links to the main page. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <PageMeta title={t('notFound.title')} description={t('notFound.text')} noindex />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/" className={styles.home}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
