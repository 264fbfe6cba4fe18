import { useTranslation } from 'react-i18next';
import { Form, useSubmit } from 'react-router';
import { VIDEO_SORTS, type VideoSort } from '../../contracts/paths.ts';
import type { VideoListResponse } from '../../contracts/video.schema.ts';
import type { ListingFilters } from '../lib/listing.ts';
import { Pagination } from './pagination.tsx';
import { VideoGrid } from './video-grid.tsx';
import styles from './video-listing.module.css';

// A video listing screen's body (SPEC.md §2 "Listing screen"): headline, optional
// description, the filter panel (sort, date, duration, HD), thumbs and pagination. The
// panel is a GET form to `formAction` (a redirect route that goes to page 1 of the choice),
// submitted on every change when JavaScript runs.

export function VideoListing({
  heading,
  description,
  list,
  sort,
  page,
  filters,
  formAction,
  href,
}: {
  heading: string;
  description?: string | undefined;
  list: VideoListResponse;
  sort: VideoSort;
  page: number;
  filters: ListingFilters;
  formAction: string;
  href: (page: number) => string;
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
              {VIDEO_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(`sort.${value}`)}
                </option>
              ))}
            </select>
          </label>
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
          <label className={styles.check}>
            <input type="checkbox" name="hd" value="1" defaultChecked={filters.hd} />
            <span>{t('filters.hd')}</span>
          </label>
          <noscript>
            <button type="submit">{t('filters.apply')}</button>
          </noscript>
        </Form>
      </div>
      {description ? <p className={styles.description}>{description}</p> : null}
      {list.videos.length > 0 ? (
        <VideoGrid videos={list.videos} eagerCount={4} />
      ) : (
        <p className={styles.empty}>{t('errors.videos_not_found')}</p>
      )}
      <Pagination page={page} pages={list.pages} href={href} />
    </>
  );
}
