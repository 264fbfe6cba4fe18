import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LIFETIME, TAG_WINDOW } from '../../../contracts/constants.ts';
import { mainPath } from '../../../contracts/discovery.paths.ts';
import type { MainResponse } from '../../../contracts/discovery.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import styles from './discovery-strip.module.css';

// Above the content (SPEC.md §2 "Layout"): a carousel of models and channels and a
// scrolling tag strip of keywords and categories, a window of up to 100 items starting at
// a random point chosen by the root loader (so server and browser render the same). The
// strip is hidden on the pages the spec lists.

const HIDDEN_ON = [
  '/sitemap-page/',
  '/information/terms/',
  '/information/privacy/',
  '/information/dmca/',
  '/information/2257/',
  '/upload-video/',
  '/signin/',
  '/signup/',
];

export function mainStripsPath(
  gender: Parameters<typeof mainPath>[1],
  lang: Parameters<typeof mainPath>[2],
) {
  return mainPath(LIFETIME.video, gender, lang);
}

export function DiscoveryStrip({ offset }: { offset: number }) {
  const { t } = useTranslation();
  const { gender, lang } = useGlobals();
  const location = useLocation();
  const strips = useSuspenseQuery(apiQuery<MainResponse>(mainStripsPath(gender, lang))).data;
  if (HIDDEN_ON.includes(location.pathname)) return null;

  const tags = [
    ...strips.keywords.map((k) => ({
      key: `k-${k.keyword}`,
      label: k.keyword,
      href: `/search/1/?s=${encodeURIComponent(k.keyword)}`,
    })),
    ...strips.categories.map((c) => ({
      key: `c-${c.dir}`,
      label: c.title,
      href: `/categories/${c.dir}/latest-updates/1/`,
    })),
  ];
  const start = tags.length > 0 ? offset % tags.length : 0;
  const window = [...tags.slice(start), ...tags.slice(0, start)].slice(0, TAG_WINDOW);
  const people = [
    ...strips.models.map((m) => ({
      key: `m-${m.dir}`,
      title: m.title,
      img: m.img,
      href: `/model/${m.dir}/`,
    })),
    ...strips.channels.map((c) => ({
      key: `ch-${c.dir}`,
      title: c.title,
      img: c.img,
      href: `/channel/${c.dir}/`,
    })),
  ];
  return (
    <div className={styles.strips}>
      {people.length > 0 ? (
        <nav className={styles.carousel} aria-label={t('strips.people')}>
          <ul>
            {people.map((person) => (
              <li key={person.key}>
                <Link to={person.href}>
                  <img
                    src={person.img}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    decoding="async"
                  />
                  <span>{person.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {window.length > 0 ? (
        <nav className={styles.tags} aria-label={t('strips.tags')}>
          <ul>
            {window.map((tag) => (
              <li key={tag.key}>
                <Link to={tag.href}>{tag.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
