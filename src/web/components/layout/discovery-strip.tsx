import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { LIFETIME, TAG_WINDOW } from '../../../contracts/constants.ts';
import { mainPath } from '../../../contracts/discovery.paths.ts';
import type { MainResponse } from '../../../contracts/discovery.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { AdsPlace } from '../ads/ads-place.tsx';
import { PlainLink } from '../plain-link.tsx';
import styles from './discovery-strip.module.css';

// Above the content (SPEC.md §2 "Layout"): a carousel of models and channels and a
// scrolling tag strip of keywords and categories, a window of up to 100 items starting at
// a random point chosen by the root loader (so server and browser render the same), after
// the operator's promo links (ads, decision 0035). The strip is hidden on the pages the spec
// lists.

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

/** SPEC.md §2: the model and channel scroller steps 300 px. */
export const CAROUSEL_STEP_PX = 300;

/**
 * A row scrolled by touch or by its previous and next buttons, one step at a time; a button
 * is disabled while the row is at its end. The server renders the start: next enabled.
 */
function Carousel({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const list = useRef<HTMLUListElement>(null);
  const [ends, setEnds] = useState([true, false]);
  const update = () => {
    const row = list.current;
    if (row) setEnds([row.scrollLeft < 1, row.scrollLeft + row.clientWidth > row.scrollWidth - 1]);
  };
  // Once the row has its width: a row that fits has nothing to scroll to.
  useEffect(update, []);
  const step = (by: number) => list.current?.scrollBy({ left: by, behavior: 'smooth' });
  return (
    <nav className={styles.carousel} aria-label={label}>
      <button
        type="button"
        onClick={() => step(-CAROUSEL_STEP_PX)}
        disabled={ends[0]}
        aria-label={t('strips.previous')}
      >
        ‹
      </button>
      <ul ref={list} onScroll={update}>
        {children}
      </ul>
      <button
        type="button"
        onClick={() => step(CAROUSEL_STEP_PX)}
        disabled={ends[1]}
        aria-label={t('strips.next')}
      >
        ›
      </button>
    </nav>
  );
}

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
        <Carousel label={t('strips.people')}>
          {people.map((person) => (
            <li key={person.key}>
              <PlainLink to={person.href}>
                <img
                  src={person.img}
                  alt=""
                  width={56}
                  height={56}
                  loading="lazy"
                  decoding="async"
                />
                <span>{person.title}</span>
              </PlainLink>
            </li>
          ))}
        </Carousel>
      ) : null}
      {window.length > 0 ? (
        <nav className={styles.tags} aria-label={t('strips.tags')}>
          <ul>
            <AdsPlace place="links" />
            {window.map((tag) => (
              <li key={tag.key}>
                <PlainLink to={tag.href}>{tag.label}</PlainLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
