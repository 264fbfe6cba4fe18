import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { CATEGORY_SELECTION_MAX, type Gender, LIFETIME } from '../../../contracts/constants.ts';
import { categoriesPath } from '../../../contracts/discovery.paths.ts';
import type { CategoriesResponse } from '../../../contracts/discovery.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './playlist-form.module.css';
import { type ChosenCategory, toggleCategory } from './playlist-form.rules.ts';

// Up to 3 categories of a playlist (SPEC.md §5), picked from the categories of the
// playlist's orientation (the call of the category index). Once 3 are chosen the others are
// disabled (SPEC.md §4 "Category checkbox"); the chosen ones stay listed above the search.

export function CategoryPicker({
  orientation,
  chosen,
  onChange,
  invalid,
  errorId,
  children,
}: {
  orientation: Gender;
  chosen: ChosenCategory[];
  onChange: (chosen: ChosenCategory[]) => void;
  invalid: boolean;
  errorId: string | undefined;
  /** The field's error message, if any. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { lang } = useGlobals();
  const id = useId();
  const [search, setSearch] = useState('');
  const query = useQuery(
    apiQuery<CategoriesResponse>(categoriesPath(LIFETIME.video, orientation, '', lang)),
  );
  const needle = search.trim().toLowerCase();
  const all = query.data?.categories ?? [];
  const shown = needle ? all.filter((c) => c.title.toLowerCase().includes(needle)) : all;
  const full = chosen.length >= CATEGORY_SELECTION_MAX;
  const countId = `${id}-count`;
  const toggle = (category: ChosenCategory) => onChange(toggleCategory(chosen, category));

  return (
    <fieldset
      className={styles.group}
      aria-describedby={[countId, errorId ?? ''].filter(Boolean).join(' ')}
    >
      <legend>{t('playlistForm.categories')}</legend>
      <p id={countId} className={styles.hint} aria-live="polite">
        {t('playlistForm.categoriesChosen', { n: chosen.length, max: CATEGORY_SELECTION_MAX })}
      </p>
      {chosen.length > 0 ? (
        <ul className={styles.chips}>
          {chosen.map((category) => (
            <li key={category.id}>
              <button
                type="button"
                className={styles.chip}
                onClick={() => toggle(category)}
                aria-label={t('playlistForm.removeCategory', { title: category.title })}
              >
                {category.title} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="visually-hidden" htmlFor={`${id}-search`}>
        {t('categories.searchLabel')}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        className={styles.search}
        placeholder={t('categories.searchLabel')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-controls={`${id}-list`}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={errorId}
      />
      {query.isPending ? <p className={styles.hint}>{t('common.loading')}</p> : null}
      {query.isError ? (
        <p className={styles.error}>
          {t('errors.general_error')}{' '}
          <button type="button" className={styles.linkButton} onClick={() => void query.refetch()}>
            {t('errors.retry')}
          </button>
        </p>
      ) : null}
      {query.data && shown.length === 0 ? (
        <p className={styles.hint}>{t('playlistForm.noCategories')}</p>
      ) : null}
      <ul id={`${id}-list`} className={styles.categories}>
        {shown.map((category) => {
          const item = { id: category.category_id, title: category.title };
          const checked = chosen.some((c) => c.id === item.id);
          const disabled = full && !checked;
          return (
            <li key={item.id}>
              <label
                className={styles.choice}
                title={
                  disabled ? t('categories.maxChosen', { max: CATEGORY_SELECTION_MAX }) : undefined
                }
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={disabled}
                  onChange={() => toggle(item)}
                />
                {category.title}
              </label>
            </li>
          );
        })}
      </ul>
      {children}
    </fieldset>
  );
}
