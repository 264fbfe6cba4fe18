import { useSuspenseQuery } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { shortCount } from '../../contracts/format.ts';
import { parseId } from '../../contracts/paths.ts';
import type { VideoListResponse } from '../../contracts/video.schema.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { watchLaterPath } from '../components/layout/member-paths.ts';
import styles from '../components/owner/owner.module.css';
import { ownListPath } from '../components/owner/owner-lists.ts';
import { OwnerVideoList } from '../components/owner/owner-video-list.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { Pagination } from '../components/pagination.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { membersOnlyLoader } from '../lib/guards.ts';
import { parsePage } from '../lib/listing.ts';

// The member's watch-later list (SPEC.md §2 /watch_later_videos/{id}/{page}/, members only:
// a visitor goes to /, SPEC.md §4). It is the owner's alone, so another member's id leads
// to one's own list. 60 a page, newest added first, each thumb with a remove button.

export async function loader(args: LoaderFunctionArgs) {
  const user = membersOnlyLoader(args);
  const { params, context } = args;
  const id = parseId(params.id ?? '');
  const page = parsePage(params.page);
  if (id === undefined || page === undefined) throw data(null, { status: 404 });
  if (id !== user.id) throw redirect(watchLaterPath(user));
  const { queryClient, globals } = context.get(appContext);
  await queryClient.ensureQueryData(
    apiQuery<VideoListResponse>(ownListPath('watch-later', id, globals.gender, page)),
  );
  return { id, page };
}

export function Component() {
  const { t } = useTranslation();
  const { gender } = useGlobals();
  const { id, page } = useLoaderData<typeof loader>();
  const path = ownListPath('watch-later', id, gender, page);
  const list = useSuspenseQuery(apiQuery<VideoListResponse>(path)).data;
  const heading = t('account.watchLater');
  const total = Number(list.total_count);
  return (
    <>
      <PageMeta
        title={page > 1 ? `${heading} - ${t('pagination.page', { page })}` : heading}
        description={t('owner.watchLaterDescription')}
        noindex
      />
      <div className={styles.head}>
        <h1 className={styles.heading}>{heading}</h1>
        <p className={styles.count} aria-live="polite">
          {t('profile.videos', { count: total, n: shortCount(list.total_count) })}
        </p>
      </div>
      <OwnerVideoList
        videos={list.videos}
        target={{ list: 'watch_later' }}
        listPath={path}
        empty={t('owner.emptyList')}
      />
      <Pagination page={page} pages={list.pages} href={(n) => `/watch_later_videos/${id}/${n}/`} />
    </>
  );
}
