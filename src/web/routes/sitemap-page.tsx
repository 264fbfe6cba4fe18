import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, type LoaderFunctionArgs } from 'react-router';
import { LIFETIME } from '../../contracts/constants.ts';
import { categoriesPath } from '../../contracts/discovery.paths.ts';
import type { CategoriesResponse } from '../../contracts/discovery.schema.ts';
import { VIDEO_SORTS } from '../../contracts/paths.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { INFORMATION_PAGES, TITLE_KEYS } from '../content/information.ts';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import styles from './information.module.css';

// The sitemap page (SPEC.md §2 /sitemap-page/): every section of the site on one page.

function indexPath(
  gender: Parameters<typeof categoriesPath>[1],
  lang: Parameters<typeof categoriesPath>[3],
) {
  return categoriesPath(LIFETIME.video, gender, '', lang);
}

export async function loader({ context }: LoaderFunctionArgs) {
  const { queryClient, globals } = context.get(appContext);
  await queryClient.ensureQueryData(
    apiQuery<CategoriesResponse>(indexPath(globals.gender, globals.lang)),
  );
  return null;
}

export function Component() {
  const { t } = useTranslation();
  const { gender, lang } = useGlobals();
  const { categories } = useSuspenseQuery(
    apiQuery<CategoriesResponse>(indexPath(gender, lang)),
  ).data;
  const sections: [string, string][] = [
    [t('nav.home'), '/'],
    [t('nav.categories'), '/categories/'],
    [t('nav.models'), '/models/'],
    [t('nav.channels'), '/channels/'],
    [t('nav.playlists'), '/playlists/'],
    [t('nav.community'), '/community/'],
    [t('topCountry.picker'), '/top-country/1/'],
  ];
  return (
    <article className={styles.page}>
      <PageMeta title={t('sitemapPage.title')} description={t('sitemapPage.title')} />
      <h1>{t('sitemapPage.title')}</h1>
      <h2>{t('nav.videos')}</h2>
      <ul className={styles.index}>
        {VIDEO_SORTS.filter((sort) => sort !== 'history').map((sort) => (
          <li key={sort}>
            <Link to={`/videos/${sort}/1/`}>{t(`sort.${sort}`)}</Link>
          </li>
        ))}
        {sections.map(([label, href]) => (
          <li key={href}>
            <Link to={href}>{label}</Link>
          </li>
        ))}
      </ul>
      <h2>{t('nav.categories')}</h2>
      <ul className={styles.index}>
        {categories.map((category) => (
          <li key={category.dir}>
            <Link to={`/categories/${category.dir}/latest-updates/1/`}>{category.title}</Link>
          </li>
        ))}
      </ul>
      <h2>{t('information.title')}</h2>
      <ul className={styles.index}>
        {INFORMATION_PAGES.map((slug) => (
          <li key={slug}>
            <Link to={`/information/${slug}/`}>{t(TITLE_KEYS[slug])}</Link>
          </li>
        ))}
      </ul>
    </article>
  );
}
