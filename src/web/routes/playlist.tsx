import { useSuspenseQuery } from '@tanstack/react-query';
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { type Gender, LIFETIME, PAGE_SIZE } from '../../contracts/constants.ts';
import { shortCount } from '../../contracts/format.ts';
import { parseId, videos2Path } from '../../contracts/paths.ts';
import { playlistPath, playlistVideoUrl } from '../../contracts/playlists.paths.ts';
import type { PlaylistResponse } from '../../contracts/playlists.schema.ts';
import type { VideoListItem, VideoListResponse } from '../../contracts/video.schema.ts';
import { isApiError } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { RemovedNotice } from '../components/moderation/removed-notice.tsx';
import { isOwner } from '../components/owner/owner-lists.ts';
import { OwnerVideoList } from '../components/owner/owner-video-list.tsx';
import { PlaylistOwnerActions } from '../components/owner/playlist-owner-actions.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { Pagination } from '../components/pagination.tsx';
import { PlayIcon } from '../components/player/player-icons.tsx';
import { VideoGrid } from '../components/video-grid.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { parsePage } from '../lib/listing.ts';
import ownStyles from './playlist.module.css';
import styles from './profile-page.module.css';

// One playlist (SPEC.md §2 /playlist/{id}/{page}/): its title, owner and videos in the
// playlist's order, 60 per page. A private playlist tells the visitor so (SPEC.md §8).
// Its owner gets Edit, Delete and a remove button on each video (SPEC.md §6). Its thumbs and
// "Play all" open the video with `?playlist=`, so the video page shows the playlist strip.

function videosPath(gender: Gender, id: number, page: number) {
  return videos2Path({
    lifetime: LIFETIME.playlists,
    gender,
    sort: 'latest-updates',
    count: PAGE_SIZE.playlist,
    section: 'playlists',
    objectId: String(id),
    page,
    type: 'all',
    duration: '',
    date: '',
  });
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = parseId(params.id ?? '');
  const page = parsePage(params.page);
  if (id === undefined || page === undefined) throw data(null, { status: 404 });
  const { queryClient } = context.get(appContext);
  try {
    const { playlist } = await queryClient.ensureQueryData(
      apiQuery<PlaylistResponse>(playlistPath(LIFETIME.playlists, id)),
    );
    const gender = playlist.orientation;
    // Page 1 too on later pages: "Play all" starts at the playlist's first video.
    try {
      await Promise.all(
        [...new Set([1, page])].map((n) =>
          queryClient.ensureQueryData(apiQuery<VideoListResponse>(videosPath(gender, id, n))),
        ),
      );
    } catch (error) {
      // Taken down (decision 0047): its videos are staff's alone; the page says why.
      if (playlist.removed && isApiError(error) && error.status === 404) {
        return { id, page, gender, isPrivate: false as const, removed: true };
      }
      throw error;
    }
    return { id, page, gender, isPrivate: false as const, removed: false };
  } catch (error) {
    if (isApiError(error) && error.code === 'playlist_is_private') {
      return { id, page, gender: 'str' as Gender, isPrivate: true as const, removed: false };
    }
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

function Playlist({ id, page, gender }: { id: number; page: number; gender: Gender }) {
  const { t } = useTranslation();
  const { user } = useGlobals();
  const { playlist } = useSuspenseQuery(
    apiQuery<PlaylistResponse>(playlistPath(LIFETIME.playlists, id)),
  ).data;
  const listPath = videosPath(gender, id, page);
  const videos = useSuspenseQuery(apiQuery<VideoListResponse>(listPath)).data;
  const first = useSuspenseQuery(apiQuery<VideoListResponse>(videosPath(gender, id, 1))).data
    .videos[0];
  const own = isOwner(user, playlist.user.id);
  const itemHref = (video: VideoListItem) => playlistVideoUrl(video, id);
  return (
    <>
      <PageMeta
        title={page > 1 ? `${playlist.title} - ${t('pagination.page', { page })}` : playlist.title}
        description={playlist.description || playlist.title}
        image={playlist.toptn[0]?.scr}
      />
      {playlist.removed ? (
        // Only staff get this far into a removed playlist: they see why it is gone.
        <p className={ownStyles.removed} role="status">
          {t('playlists.removed', {
            reason: t(`moderation.removedReasons.${playlist.removed.reason}`),
          })}
        </p>
      ) : null}
      <header className={styles.head}>
        <div>
          <h1 className={styles.name}>{playlist.title}</h1>
          <p className={styles.stats}>
            <span>
              {t('profile.videos', {
                count: Number(playlist.total_videos),
                n: shortCount(playlist.total_videos),
              })}
            </span>
            <span>{t('playlists.by', { user: playlist.user.username })}</span>
          </p>
          {first ? (
            <Link to={playlistVideoUrl(first, id)} className={ownStyles.playAll}>
              <PlayIcon /> {t('playlists.playAll')}
            </Link>
          ) : null}
          {playlist.description ? <p className={styles.about}>{playlist.description}</p> : null}
          {own ? <PlaylistOwnerActions playlist={playlist} /> : null}
        </div>
      </header>
      {own ? (
        <OwnerVideoList
          videos={videos.videos}
          target={{ list: 'playlist', playlistId: playlist.playlist_id }}
          listPath={listPath}
          empty={t('playlists.emptyList')}
          href={itemHref}
        />
      ) : videos.videos.length > 0 ? (
        <VideoGrid videos={videos.videos} eagerCount={4} href={itemHref} />
      ) : (
        <p className={styles.empty}>{t('playlists.emptyList')}</p>
      )}
      <Pagination page={page} pages={videos.pages} href={(n) => `/playlist/${id}/${n}/`} />
    </>
  );
}

function Removed({ id }: { id: number }) {
  const { playlist } = useSuspenseQuery(
    apiQuery<PlaylistResponse>(playlistPath(LIFETIME.playlists, id)),
  ).data;
  return playlist.removed ? (
    <RemovedNotice kind="playlists" title={playlist.title} removed={playlist.removed} />
  ) : null;
}

export function Component() {
  const { t } = useTranslation();
  const { id, page, gender, isPrivate, removed } = useLoaderData<typeof loader>();
  if (removed) return <Removed id={id} />;
  if (isPrivate) {
    return (
      <>
        <PageMeta title={t('playlists.private')} description={t('playlists.private')} noindex />
        <p className={styles.empty}>{t('playlists.private')}</p>
      </>
    );
  }
  return <Playlist id={id} page={page} gender={gender} />;
}
