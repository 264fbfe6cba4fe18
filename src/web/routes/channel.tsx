import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { channelPath } from '../../contracts/channels.paths.ts';
import { type Gender, LIFETIME, PAGE_SIZE } from '../../contracts/constants.ts';
import type { ChannelResponse } from '../../contracts/models.schema.ts';
import { videos2Path } from '../../contracts/paths.ts';
import type { VideoListResponse } from '../../contracts/video.schema.ts';
import { isApiError } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { Pagination } from '../components/pagination.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import { VideoGrid } from '../components/video-grid.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { parsePage } from '../lib/listing.ts';
import styles from './profile-page.module.css';

// A channel page (SPEC.md §2 /channel/{dir}/ and /channel/{dir}/videos/{page}/): the
// channel, its counts and site link, and its videos of the visitor's section.

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

export async function loader({ params, context }: LoaderFunctionArgs) {
  const dir = params.dir ?? '';
  const page = params.page === undefined ? 1 : parsePage(params.page);
  if (!DIR.test(dir) || page === undefined) throw data(null, { status: 404 });
  const { queryClient, globals } = context.get(appContext);
  try {
    await queryClient.ensureQueryData(
      apiQuery<ChannelResponse>(channelPath(LIFETIME.channelPage, dir)),
    );
    await queryClient.ensureQueryData(
      apiQuery<VideoListResponse>(videosPath(globals.gender, dir, page)),
    );
    return { dir, page };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export function Component() {
  const { t } = useTranslation();
  const { gender, site } = useGlobals();
  const { dir, page } = useLoaderData<typeof loader>();
  const { channel } = useSuspenseQuery(
    apiQuery<ChannelResponse>(channelPath(LIFETIME.channelPage, dir)),
  ).data;
  const videos = useSuspenseQuery(apiQuery<VideoListResponse>(videosPath(gender, dir, page))).data;
  return (
    <>
      <PageMeta
        title={page > 1 ? `${channel.title} - ${t('pagination.page', { page })}` : channel.title}
        description={channel.description || t('channels.description', { site: site.name })}
        image={channel.scr}
      />
      <ProfileHeader
        image={channel.avatar}
        name={channel.title}
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
      <h2 className={styles.section}>{t('profile.videosHeading')}</h2>
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
