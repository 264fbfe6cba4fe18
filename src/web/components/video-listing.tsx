import { type ReactNode, Suspense } from 'react';
import { VIDEO_SORTS, type VideoSort } from '../../contracts/paths.ts';
import type { ListCategory, VideoListResponse } from '../../contracts/video.schema.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { countryOptions } from '../lib/country.ts';
import type { ListingFilters } from '../lib/listing.ts';
import { preloadable } from '../lib/preloadable.tsx';
import { FilterSelect } from './filter-select.tsx';
import { ListScreen } from './list-screen.tsx';
import { VideoGrid } from './video-grid.tsx';
import styles from './video-listing.module.css';
// The panel's look comes with the page; its code comes later (category-panel.css).
import './category-panel/category-panel.css';

// A video listing screen's body (SPEC.md §2 "Listing screen"): a list screen whose filter
// panel has the sort, date, duration and HD, whose items are video thumbs, and whose side
// panel lists the categories (its own chunk: it is no part of the first paint on a phone,
// and on a wide screen the list it shows arrives after the page; its words are among the
// first-paint messages, so a listing needs no other screen's).

// Loaded before a listing hydrates (preloadForHydration of its routes), so a press on the
// panel right after the page shows is never lost.
const categoryPanel = preloadable(() =>
  import('./category-panel/category-panel.tsx').then((module) => module.default),
);
const CategoryPanel = categoryPanel.Component;
export const preloadCategoryPanel = categoryPanel.preload;

export function VideoListing({
  heading,
  description,
  list,
  sort,
  page,
  filters,
  formAction,
  href,
  chosen,
}: {
  heading: string;
  description?: ReactNode;
  list: VideoListResponse;
  sort: VideoSort;
  page: number;
  filters: ListingFilters;
  formAction: string;
  href: (page: number) => string;
  /** The categories the list is of, for the category panel; no panel when undefined. */
  chosen?: ListCategory[] | undefined;
}) {
  const { t, i18n } = useTranslation();
  return (
    <ListScreen
      heading={heading}
      description={description}
      formAction={formAction}
      aside={
        chosen ? (
          <Suspense fallback={null}>
            <CategoryPanel chosen={chosen} sort={sort} filters={filters} />
          </Suspense>
        ) : undefined
      }
      sort={sort}
      sorts={VIDEO_SORTS.map((value) => ({ value, label: t(`sort.${value}`) }))}
      fields={
        <>
          <label>
            <span>{t('filters.date')}</span>
            <select name="date" defaultValue={filters.date}>
              {(['all', 'day', 'week', 'month'] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`filters.dates.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('filters.duration')}</span>
            <select name="duration" defaultValue={filters.duration}>
              {(['', '1', '2', '3'] as const).map((value) => (
                <option key={value} value={value}>
                  {t(`filters.durations.${value || 'any'}`)}
                </option>
              ))}
            </select>
          </label>
          <FilterSelect
            name="country"
            label={t('profile.country')}
            value={filters.country}
            options={countryOptions(i18n.language)}
          />
          <label className={styles.check}>
            <input type="checkbox" name="hd" value="1" defaultChecked={filters.hd} />
            <span>{t('filters.hd')}</span>
          </label>
        </>
      }
      empty={list.videos.length > 0 ? undefined : t('errors.videos_not_found')}
      page={page}
      pages={list.pages}
      href={href}
    >
      <VideoGrid videos={list.videos} eagerCount={4} />
    </ListScreen>
  );
}
