import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PAGE_SIZE } from '../../contracts/constants.ts';
import type { VideoListResponse } from '../../contracts/video.schema.ts';
import { apiQuery } from '../api/query.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { VideoListing } from '../components/video-listing.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { type ListingFilters, listApiPath, listingPath } from '../lib/listing.ts';
import { localHistory } from '../lib/local-history.ts';

/**
 * A visitor's history (SPEC.md §3: kept in the browser, sliced by page): known only after
 * hydration, so the server renders the heading and the browser fills the page.
 */
export default function BrowserHistory({
  page,
  filters,
}: {
  page: number;
  filters: ListingFilters;
}) {
  const { t } = useTranslation();
  const { gender, site } = useGlobals();
  const [ids, setIds] = useState<number[] | null>(null);
  useEffect(() => setIds(localHistory().map((entry) => entry.params.video_id)), []);
  const slice = ids?.slice((page - 1) * PAGE_SIZE.videos, page * PAGE_SIZE.videos) ?? [];
  const query = useQuery({
    ...apiQuery<VideoListResponse>(
      listApiPath(gender, 'history', page, filters, { ids: slice.length > 0 ? slice : [1] }),
    ),
    enabled: slice.length > 0,
  });
  const heading = t('sort.history');
  const loading = ids === null || (slice.length > 0 && !query.data && !query.isError);
  const list: VideoListResponse = {
    videos: slice.length > 0 ? (query.data?.videos ?? []) : [],
    total_count: String(ids?.length ?? 0),
    pages: Math.ceil((ids?.length ?? 0) / PAGE_SIZE.videos),
    categories: query.data?.categories ?? [],
  };
  return (
    <>
      <PageMeta
        title={heading}
        description={t('listing.description', { sort: heading, site: site.name })}
        noindex
      />
      {loading ? (
        <h1 aria-busy="true">{heading}</h1>
      ) : (
        <VideoListing
          heading={heading}
          list={list}
          sort="history"
          page={page}
          filters={filters}
          formAction="/videos/"
          href={(number) => listingPath('history', number, filters)}
        />
      )}
    </>
  );
}
