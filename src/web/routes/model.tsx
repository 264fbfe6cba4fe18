import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { type Gender, LIFETIME, PAGE_SIZE } from '../../contracts/constants.ts';
import { modelPath } from '../../contracts/models.paths.ts';
import type { ModelResponse } from '../../contracts/models.schema.ts';
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

// A model page (SPEC.md §2 /model/{dir}/ and /model/{dir}/videos/{page}/): portrait,
// counts, the model's attributes and her or his videos, newest first.

const DIR = /^[a-z0-9][a-z0-9-]{0,119}$/;

function videosPath(gender: Gender, dir: string, page: number) {
  return videos2Path({
    lifetime: LIFETIME.modelPage,
    gender,
    sort: 'latest-updates',
    count: PAGE_SIZE.videos,
    section: 'models',
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
  const { queryClient } = context.get(appContext);
  try {
    const { model } = await queryClient.ensureQueryData(
      apiQuery<ModelResponse>(modelPath(LIFETIME.modelPage, dir)),
    );
    // Videos of the model's own section, whatever section the visitor browses.
    const gender = model.gender as Gender;
    await queryClient.ensureQueryData(apiQuery<VideoListResponse>(videosPath(gender, dir, page)));
    return { dir, page, gender };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export function Component() {
  const { t } = useTranslation();
  const { site } = useGlobals();
  const { dir, page, gender } = useLoaderData<typeof loader>();
  const { model } = useSuspenseQuery(
    apiQuery<ModelResponse>(modelPath(LIFETIME.modelPage, dir)),
  ).data;
  const videos = useSuspenseQuery(apiQuery<VideoListResponse>(videosPath(gender, dir, page))).data;
  const facts: [string, string][] = [];
  if (model.country) facts.push([t('profile.country'), model.country.toUpperCase()]);
  if (model.age) facts.push([t('models.filters.age'), t(`models.ages.${model.age}`)]);
  if (model.race) facts.push([t('models.filters.race'), t(`models.races.${model.race}`)]);
  return (
    <>
      <PageMeta
        title={page > 1 ? `${model.title} - ${t('pagination.page', { page })}` : model.title}
        description={model.description || t('models.description', { site: site.name })}
        image={model.img}
      />
      <ProfileHeader
        image={model.img}
        name={model.title}
        counts={{
          videos: model.total_videos,
          views: model.statistics.viewed,
          subscribers: model.statistics.subscribers,
        }}
        about={model.description}
        facts={facts}
      />
      <h2 className={styles.section}>{t('profile.videosHeading')}</h2>
      {videos.videos.length > 0 ? (
        <VideoGrid videos={videos.videos} eagerCount={4} />
      ) : (
        <p className={styles.empty}>{t('errors.videos_not_found')}</p>
      )}
      <Pagination
        page={page}
        pages={videos.pages}
        href={(number) => (number === 1 ? `/model/${dir}/` : `/model/${dir}/videos/${number}/`)}
      />
    </>
  );
}
