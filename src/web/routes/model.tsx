import { useSuspenseQuery } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { type Gender, LIFETIME, PAGE_SIZE } from '../../contracts/constants.ts';
import { commentsPath } from '../../contracts/members.paths.ts';
import type { CommentsResponse } from '../../contracts/members.schema.ts';
import { modelPath } from '../../contracts/models.paths.ts';
import type { ModelResponse } from '../../contracts/models.schema.ts';
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
import { countryName } from '../lib/country.ts';
import { preloadable } from '../lib/preloadable.tsx';
import styles from './profile-page.module.css';

// A model page (SPEC.md §2 /model/{dir}/ with videos/{page}/, wall/ and info/): portrait,
// counts, the model's videos (newest first), the wall of comments and every attribute.

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
    const { model } = await queryClient.ensureQueryData(
      apiQuery<ModelResponse>(modelPath(LIFETIME.modelPage, dir)),
    );
    // Videos of the model's own section, whatever section the visitor browses.
    const gender = model.gender as Gender;
    if (tab === 'videos') {
      await queryClient.ensureQueryData(apiQuery<VideoListResponse>(videosPath(gender, dir, page)));
    } else if (tab === 'wall') {
      await Promise.all([
        wall.preload(),
        queryClient.ensureQueryData(
          apiQuery<CommentsResponse>(
            commentsPath(commentsLifetime(globals.user !== null), 'model', Number(model.model_id)),
          ),
        ),
      ]);
    }
    return { dir, tab, page, gender };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export function Component() {
  const { t, i18n } = useTranslation();
  const { site } = useGlobals();
  const { dir, tab, page, gender } = useLoaderData<typeof loader>();
  const { model } = useSuspenseQuery(
    apiQuery<ModelResponse>(modelPath(LIFETIME.modelPage, dir)),
  ).data;
  const facts: [string, string][] = [];
  if (model.country) facts.push([t('profile.country'), countryName(model.country, i18n.language)]);
  if (model.age) facts.push([t('models.filters.age'), t(`models.ages.${model.age}`)]);
  if (model.race) facts.push([t('models.filters.race'), t(`models.races.${model.race}`)]);
  const suffix =
    tab === 'videos'
      ? page > 1
        ? ` - ${t('pagination.page', { page })}`
        : ''
      : ` - ${t(`tabs.${tab}`)}`;
  return (
    <>
      <PageMeta
        title={`${model.title}${suffix}`}
        description={model.description || t('models.description', { site: site.name })}
        image={model.img}
      />
      <ProfileHeader
        image={model.img}
        name={model.title}
        subscribe={{ type: 'model', objectId: model.model_id }}
        counts={{
          videos: model.total_videos,
          views: model.statistics.viewed,
          subscribers: model.statistics.subscribers,
        }}
        about={model.description}
        facts={facts}
      />
      <ProfileTabs label={model.title} current={tab} tabs={objectTabs(`/model/${dir}/`, t)} />
      {tab === 'videos' ? <Videos dir={dir} gender={gender} page={page} /> : null}
      {tab === 'wall' ? <Wall section="model" id={Number(model.model_id)} /> : null}
      {tab === 'info' ? (
        <FactsList
          facts={[
            [t('profile.country'), model.country ? countryName(model.country, i18n.language) : ''],
            [t('models.filters.age'), model.age && t(`models.ages.${model.age}`)],
            [t('models.filters.race'), model.race && t(`models.races.${model.race}`)],
            [t('facts.breasts'), model.tits_size && t(`values.breasts.${model.tits_size}`)],
            [t('facts.hair'), model.hair_color && t(`values.hair.${model.hair_color}`)],
            [t('facts.height'), model.height && t(`values.heights.${model.height}`)],
            [t('facts.weight'), model.weight && t(`values.weights.${model.weight}`)],
            [t('facts.tattoo'), model.tattoo && t(`values.yesNo.${model.tattoo}`)],
            [t('facts.piercing'), model.piercing && t(`values.yesNo.${model.piercing}`)],
          ]}
        />
      ) : null}
    </>
  );
}

function Videos({ dir, gender, page }: { dir: string; gender: Gender; page: number }) {
  const { t } = useTranslation();
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
        href={(number) => (number === 1 ? `/model/${dir}/` : `/model/${dir}/videos/${number}/`)}
      />
    </>
  );
}
