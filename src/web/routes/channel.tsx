import { useSuspenseQuery } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { channelPath } from '../../contracts/channels.paths.ts';
import { type Gender, LIFETIME, PAGE_SIZE } from '../../contracts/constants.ts';
import { shortCount } from '../../contracts/format.ts';
import { commentsPath } from '../../contracts/members.paths.ts';
import type { CommentsResponse } from '../../contracts/members.schema.ts';
import type { ChannelResponse } from '../../contracts/models.schema.ts';
import { videos2Path } from '../../contracts/paths.ts';
import type { VideoListResponse } from '../../contracts/video.schema.ts';
import { isApiError } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { commentsLifetime } from '../components/comments/comment-rules.ts';
import { FactsList } from '../components/facts-list.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { Pagination } from '../components/pagination.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import { objectTabs, ProfileTabs, parseProfileTab } from '../components/profile-tabs.tsx';
import { VideoGrid } from '../components/video-grid.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { preloadable } from '../lib/preloadable.tsx';
import styles from './profile-page.module.css';

// A channel page (SPEC.md §2 /channel/{dir}/ with videos/{page}/, wall/ and info/): the
// channel, its counts and site link, its videos of the visitor's section, its wall of
// comments and its details.

const DIR = /^[a-z0-9][a-z0-9-]{0,119}$/;

function videosPath(gender: Gender, dir: string, page: number) {
  return videos2Path({
    lifetime: LIFETIME.channelPage,
    gender,
    sort: 'latest-updates',
    count: PAGE_SIZE.videos,
    section: 'channels',
    objectId: dir,
    page,
    type: 'all',
    duration: '',
    date: '',
  });
}

type Tab = 'videos' | 'wall' | 'info';

// The wall is its own chunk (issue 18): the loader loads it for the wall tab, and a page that
// starts on the wall loads it before hydrating, so it renders at once.
const wall = preloadable(() =>
  import('../components/comments/object-wall.tsx').then((m) => m.ObjectWall),
);
const Wall = wall.Component;

/** Called by entry-client.tsx before hydrating: the wall's chunk on the wall tab. */
export function preloadForHydration(pathname: string): Promise<unknown> | undefined {
  return /\/wall\/?$/.test(pathname) ? wall.preload() : undefined;
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const dir = params.dir ?? '';
  const route = parseProfileTab<Tab>(params, 'videos', ['videos'], ['wall', 'info']);
  if (!DIR.test(dir) || route === undefined) throw data(null, { status: 404 });
  const { tab, page } = route;
  const { queryClient, globals } = context.get(appContext);
  try {
    const { channel } = await queryClient.ensureQueryData(
      apiQuery<ChannelResponse>(channelPath(LIFETIME.channelPage, dir)),
    );
    if (tab === 'videos') {
      await queryClient.ensureQueryData(
        apiQuery<VideoListResponse>(videosPath(globals.gender, dir, page)),
      );
    } else if (tab === 'wall') {
      await Promise.all([
        wall.preload(),
        queryClient.ensureQueryData(
          apiQuery<CommentsResponse>(
            commentsPath(
              commentsLifetime(globals.user !== null),
              'channel',
              Number(channel.channel_id),
            ),
          ),
        ),
      ]);
    }
    return { dir, tab, page };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export function Component() {
  const { t } = useTranslation();
  const { site } = useGlobals();
  const { dir, tab, page } = useLoaderData<typeof loader>();
  const { channel } = useSuspenseQuery(
    apiQuery<ChannelResponse>(channelPath(LIFETIME.channelPage, dir)),
  ).data;
  const suffix =
    tab === 'videos'
      ? page > 1
        ? ` - ${t('pagination.page', { page })}`
        : ''
      : ` - ${t(`tabs.${tab}`)}`;
  return (
    <>
      <PageMeta
        title={`${channel.title}${suffix}`}
        description={channel.description || t('channels.description', { site: site.name })}
        image={channel.scr}
      />
      <ProfileHeader
        image={channel.avatar}
        name={channel.title}
        subscribe={{ type: 'channel', objectId: channel.channel_id }}
        counts={{
          videos: channel.total_videos,
          views: channel.statistics.viewed,
          subscribers: channel.statistics.subscribers,
        }}
        about={channel.description}
      >
        {channel.url ? (
          <p>
            <a href={channel.url} rel="nofollow noopener sponsored" target="_blank">
              {t('channels.visit', { channel: channel.title })}
            </a>
          </p>
        ) : null}
      </ProfileHeader>
      <ProfileTabs label={channel.title} current={tab} tabs={objectTabs(`/channel/${dir}/`, t)} />
      {tab === 'videos' ? <Videos dir={dir} page={page} /> : null}
      {tab === 'wall' ? <Wall section="channel" id={Number(channel.channel_id)} /> : null}
      {tab === 'info' ? (
        <>
          {channel.description ? <p className={styles.about}>{channel.description}</p> : null}
          <FactsList
            facts={[
              [t('facts.website'), hostOf(channel.url)],
              [
                t('tabs.videos'),
                t('profile.videos', {
                  count: Number(channel.total_videos),
                  n: shortCount(channel.total_videos),
                }),
              ],
              [
                t('tabs.subscriptions'),
                t('profile.subscribers', {
                  count: Number(channel.statistics.subscribers),
                  n: shortCount(channel.statistics.subscribers),
                }),
              ],
            ]}
          />
        </>
      ) : null}
    </>
  );
}

function Videos({ dir, page }: { dir: string; page: number }) {
  const { t } = useTranslation();
  const { gender } = useGlobals();
  const videos = useSuspenseQuery(apiQuery<VideoListResponse>(videosPath(gender, dir, page))).data;
  return (
    <>
      {videos.videos.length > 0 ? (
        <VideoGrid videos={videos.videos} eagerCount={4} />
      ) : (
        <p className={styles.empty}>{t('errors.videos_not_found')}</p>
      )}
      <Pagination
        page={page}
        pages={videos.pages}
        href={(number) => (number === 1 ? `/channel/${dir}/` : `/channel/${dir}/videos/${number}/`)}
      />
    </>
  );
}

/** The host of a site link, for display; the text itself when it is not a URL. */
function hostOf(url: string): string {
  try {
    return url ? new URL(url).host : '';
  } catch {
    return url;
  }
}
