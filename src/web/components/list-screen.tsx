import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useSubmit } from 'react-router';
import { Pagination } from './pagination.tsx';
import styles from './video-listing.module.css';

// The body of a list screen (models, channels, playlists, community): headline, a filter
// form with a sort picker (and any extra fields), the items or an empty message, and
// pagination. The form is a GET to `formAction`, a redirect route that goes to page 1 of
// the choice; with JavaScript it is submitted on every change.

export function ListScreen({
  heading,
  description,
  formAction,
  sort,
  sorts,
  fields,
  empty,
  page,
  pages,
  href,
  children,
}: {
  heading: string;
  /** A text under the headline (a category's description). */
  description?: string | undefined;
  formAction: string;
  sort: string;
  sorts: { value: string; label: string }[];
  /** More filter fields after the sort picker. */
  fields?: ReactNode;
  /** Shown instead of the items when there are none. */
  empty: string | undefined;
  page: number;
  pages: number;
  href: (page: number) => string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  return (
    <>
      <div className={styles.top}>
        <h1 className={styles.heading}>{heading}</h1>
        <Form
          method="get"
          action={formAction}
          className={styles.filters}
          aria-label={t('filters.label')}
          onChange={(event) => submit(event.currentTarget)}
        >
          <label>
            <span>{t('filters.sort')}</span>
            <select name="sort" defaultValue={sort}>
              {sorts.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          {fields}
          <noscript>
            <button type="submit">{t('filters.apply')}</button>
          </noscript>
        </Form>
      </div>
      {description ? <p className={styles.description}>{description}</p> : null}
      {empty === undefined ? children : <p className={styles.empty}>{empty}</p>}
      <Pagination page={page} pages={pages} href={href} />
    </>
  );
}
