import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LIFETIME, PAGE_SIZE } from '../../../contracts/constants.ts';
import { relatedPath } from '../../../contracts/paths.ts';
import type { VideoListResponse } from '../../../contracts/video.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from '../../routes/video.module.css';
import { ClientPager } from '../client-pager.tsx';
import { VideoGrid } from '../video-grid.tsx';
import { VideoGridSkeleton } from '../video-grid-skeleton.tsx';
import { RELATED_FETCH } from './related-fetch.ts';

// The related videos of the video page (SPEC.md §2, §4), a chunk of its own that loads as
// the section comes near the screen (video.tsx).

export function RelatedVideos({ id }: { id: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  // Pages 1-3 come in the first fetch, 4-6 in the second, and so on.
  const fetchPage = Math.ceil(page / 3);
  const query = useQuery(
    apiQuery<VideoListResponse>(relatedPath(LIFETIME.related, RELATED_FETCH, id, fetchPage)),
  );
  const list = query.data;
  const offset = ((page - 1) % 3) * PAGE_SIZE.relatedPerPage;
  const videos = list?.videos.slice(offset, offset + PAGE_SIZE.relatedPerPage) ?? [];
  const total = list ? Number(list.total_count) : 0;
  const pages = Math.ceil(total / PAGE_SIZE.relatedPerPage);
  return (
    <section className={styles.section} aria-labelledby="related-heading">
      <h2 id="related-heading" className={styles.sectionTitle}>
        {t('video.related')}
      </h2>
      {query.isError ? <p>{t('errors.videos_not_found')}</p> : null}
      {list && videos.length === 0 ? <p>{t('errors.videos_not_found')}</p> : null}
      {videos.length > 0 ? <VideoGrid videos={videos} headingLevel={3} /> : null}
      {list ? (
        <ClientPager label={t('video.relatedPages')} page={page} pages={pages} onPage={setPage} />
      ) : (
        <>
          <VideoGridSkeleton count={PAGE_SIZE.relatedPerPage} />
          <div className={styles.pagerPlace} />
        </>
      )}
    </section>
  );
}
