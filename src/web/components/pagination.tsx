import { useTranslation } from '../i18n/use-translation.ts';
import { paginate } from '../lib/pagination.ts';
import styles from './pagination.module.css';
import { PlainLink } from './plain-link.tsx';

/** Prev, next and up to five numbered pages (SPEC.md §2); `href` builds a page's link. */
export function Pagination({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  const { t } = useTranslation();
  const model = paginate(page, pages);
  if (model.pages.length === 0) return null;
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      {model.prev ? (
        <PlainLink to={href(model.prev)} rel="prev" className={styles.step}>
          {t('pagination.prev')}
        </PlainLink>
      ) : null}
      <ol className={styles.numbers}>
        {model.pages.map((number) => (
          <li key={number}>
            {number === page ? (
              <span aria-current="page" className={styles.current}>
                {number}
              </span>
            ) : (
              <PlainLink to={href(number)} aria-label={t('pagination.page', { page: number })}>
                {number}
              </PlainLink>
            )}
          </li>
        ))}
      </ol>
      {model.next ? (
        <PlainLink to={href(model.next)} rel="next" className={styles.step}>
          {t('pagination.next')}
        </PlainLink>
      ) : null}
    </nav>
  );
}
