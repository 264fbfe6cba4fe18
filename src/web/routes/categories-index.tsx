import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, Link, type LoaderFunctionArgs, redirect } from 'react-router';
import { CATEGORY_SELECTION_MAX, LIFETIME } from '../../contracts/constants.ts';
import { categoriesPath } from '../../contracts/discovery.paths.ts';
import type { CategoriesResponse } from '../../contracts/discovery.schema.ts';
import { shortCount } from '../../contracts/format.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { DEFAULT_FILTERS } from '../lib/listing.ts';
import { categoryListPath, parseDirs } from './categories.tsx';
import styles from './categories-index.module.css';

// The category index (SPEC.md §2 /categories/): every category of the section with its
// size, a search box, and checkboxes to list up to three categories together.

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The checkbox form submits ?c=a&c=b: go to the listing of those categories.
  const chosen = new URL(request.url).searchParams.getAll('c');
  if (chosen.length > 0) {
    const dirs = parseDirs(chosen.join(','));
    if (dirs) return redirect(categoryListPath(dirs, 'latest-updates', 1, DEFAULT_FILTERS));
  }
  const { queryClient, globals } = context.get(appContext);
  await queryClient.ensureQueryData(
    apiQuery<CategoriesResponse>(
      categoriesPath(LIFETIME.video, globals.gender, 'popular', globals.lang),
    ),
  );
  return null;
}

export function Component() {
  const { t } = useTranslation();
  const { gender, lang, site } = useGlobals();
  const { categories } = useSuspenseQuery(
    apiQuery<CategoriesResponse>(categoriesPath(LIFETIME.video, gender, 'popular', lang)),
  ).data;
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? categories.filter((c) => c.title.toLowerCase().includes(needle))
    : categories;
  const full = chosen.length >= CATEGORY_SELECTION_MAX;
  return (
    <>
      <PageMeta
        title={t('categories.indexTitle')}
        description={t('categories.indexDescription', { site: site.name })}
      />
      <Form method="get" action="/categories/" className={styles.panel}>
        <h1 className={styles.heading}>{t('categories.indexTitle')}</h1>
        <label className={styles.search}>
          <span className="visually-hidden">{t('categories.searchLabel')}</span>
          <input
            type="search"
            placeholder={t('categories.searchLabel')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-controls="category-list"
          />
        </label>
        <button type="submit" className={styles.show} disabled={chosen.length === 0}>
          {t('categories.showChosen', { n: chosen.length })}
        </button>
        <ul id="category-list" className={styles.list}>
          {shown.map((category) => {
            const checked = chosen.includes(category.dir);
            const disabled = full && !checked;
            return (
              <li key={category.dir} className={styles.item}>
                {/* The label is what a finger presses: 44 px square around the box. */}
                <label className={styles.pick}>
                  <input
                    type="checkbox"
                    name="c"
                    value={category.dir}
                    checked={checked}
                    disabled={disabled}
                    title={
                      checked
                        ? t('categoryPanel.remove')
                        : disabled
                          ? t('categories.maxChosen', { max: CATEGORY_SELECTION_MAX })
                          : t('categories.choose')
                    }
                    onChange={() =>
                      setChosen((now) =>
                        checked
                          ? now.filter((dir) => dir !== category.dir)
                          : [...now, category.dir],
                      )
                    }
                  />
                  <span className="visually-hidden">
                    {t('categories.choose')}: {category.title}
                  </span>
                </label>
                <Link to={`/categories/${category.dir}/latest-updates/1/`} className={styles.link}>
                  <img
                    src={category.img}
                    alt=""
                    width={160}
                    height={90}
                    loading="lazy"
                    decoding="async"
                  />
                  <span className={styles.title}>{category.title}</span>
                  <span className={styles.count}>{shortCount(category.total_videos)}</span>
                </Link>
              </li>
            );
          })}
        </ul>
        {shown.length === 0 ? <p>{t('errors.videos_not_found')}</p> : null}
      </Form>
    </>
  );
}
