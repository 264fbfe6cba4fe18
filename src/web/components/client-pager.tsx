import { useTranslation } from '../i18n/use-translation.ts';
import styles from './client-pager.module.css';

/**
 * Previous / next through pages of a list already loaded in the browser (comments, walls,
 * related videos), with "page N of M" read out as it changes. Nothing when one page.
 */
export function ClientPager({
  label,
  page,
  pages,
  onPage,
}: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('pagination.prev')}
      </button>
      <span aria-live="polite">{t('wall.pageOf', { page, pages })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('pagination.next')}
      </button>
    </nav>
  );
}
