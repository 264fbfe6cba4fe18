import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { Form, useLocation, useNavigation, useSubmit } from 'react-router';
import { useTranslation } from '../i18n/use-translation.ts';
import { Pagination } from './pagination.tsx';
import styles from './video-listing.module.css';

// The body of a list screen (videos, categories, models, channels, playlists, community):
// headline, a filter form with a sort picker (and any extra fields), the items or an empty
// message, and pagination; optionally a side panel (the categories of a video listing).
// The form is a GET to `formAction`, a redirect route that goes to page 1 of the choice
// (SPEC.md §4: a filter change resets the page); with JavaScript it is submitted on every
// change.
//
// While the next list (or page) loads, the current one stays, dimmed and marked busy
// (SPEC.md §4 "Listing loading"). The fields always show the address's choices: the form is made anew
// for every address (after Back and Forward too), and the field in use keeps the focus.

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
  aside,
  children,
}: {
  heading: string;
  /** Under the headline (a category's description). */
  description?: ReactNode;
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
  /** A side column on wide screens, under the filters on narrow ones. */
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const location = useLocation();
  const navigation = useNavigation();
  // Whatever loads next (another page of this list, or a thumb's video), this list is what
  // the visitor left: it says so.
  const busy = navigation.state === 'loading';
  const form = useRef<HTMLFormElement>(null);
  const inUse = useRef<string | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the form is made anew
  useLayoutEffect(() => {
    const field = inUse.current ? form.current?.elements.namedItem(inUse.current) : null;
    if (field instanceof HTMLElement) field.focus();
    inUse.current = undefined;
  }, [location.key]);

  return (
    <div className={aside ? `${styles.screen} ${styles.withAside}` : styles.screen}>
      <div className={styles.top}>
        <h1 className={styles.heading}>{heading}</h1>
        <Form
          key={location.key}
          ref={form}
          method="get"
          action={formAction}
          className={styles.filters}
          aria-label={t('filters.label')}
          onChange={(event) => {
            const field: EventTarget = event.target;
            if (field instanceof HTMLSelectElement || field instanceof HTMLInputElement) {
              if (field === document.activeElement) inUse.current = field.name;
            }
            void submit(event.currentTarget);
          }}
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
      {aside ? <div className={styles.aside}>{aside}</div> : null}
      <div className={busy ? `${styles.results} ${styles.busy}` : styles.results} aria-busy={busy}>
        {description}
        {empty === undefined ? children : <p className={styles.empty}>{empty}</p>}
        <Pagination page={page} pages={pages} href={href} />
      </div>
    </div>
  );
}
