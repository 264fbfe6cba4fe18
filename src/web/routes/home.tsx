import { useSuspenseQuery } from '@tanstack/react-query';
import { type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { LIFETIME, PAGE_SIZE } from '../../contracts/constants.ts';
import { type Videos2Params, videos2Path } from '../../contracts/paths.ts';
import type { VideoListResponse } from '../../contracts/video.schema.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PageMeta } from '../components/page-meta.tsx';
import { SectionHeading } from '../components/section-heading.tsx';
import { VideoGrid } from '../components/video-grid.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';

// Home (SPEC.md §2): a channel strip ('free' full videos from channels, a random page 1-3,
// lifetime 600) and a most-popular-today strip (lifetime 14400), 24 thumbs each.

const strip = {
  count: PAGE_SIZE.home,
  section: '',
  objectId: '',
  duration: '',
} as const satisfies Partial<Videos2Params>;

export function channelStripPath(gender: Videos2Params['gender'], page: number): string {
  return videos2Path({
    ...strip,
    lifetime: LIFETIME.typeChannels,
    gender,
    sort: 'latest-updates',
    page,
    type: 'ch',
    date: 'all',
  });
}

export function popularStripPath(gender: Videos2Params['gender']): string {
  return videos2Path({
    ...strip,
    lifetime: LIFETIME.homePopular,
    gender,
    sort: 'most-popular',
    page: 1,
    type: 'all',
    date: 'day',
  });
}

export async function loader({ context }: LoaderFunctionArgs) {
  const { queryClient, globals } = context.get(appContext);
  const channelPage = 1 + Math.floor(Math.random() * 3);
  await Promise.all([
    queryClient.ensureQueryData(
      apiQuery<VideoListResponse>(channelStripPath(globals.gender, channelPage)),
    ),
    queryClient.ensureQueryData(apiQuery<VideoListResponse>(popularStripPath(globals.gender))),
  ]);
  return { channelPage };
}

export function Component() {
  const { t } = useTranslation();
  const { gender, site } = useGlobals();
  const { channelPage } = useLoaderData<typeof loader>();
  const channel = useSuspenseQuery(
    apiQuery<VideoListResponse>(channelStripPath(gender, channelPage)),
  ).data;
  const popular = useSuspenseQuery(apiQuery<VideoListResponse>(popularStripPath(gender))).data;
  return (
    <>
      <PageMeta title={t('home.title')} description={t('home.description', { site: site.name })} />
      <h1 className="visually-hidden">{site.name}</h1>
      <section aria-labelledby="home-channels">
        <SectionHeading
          id="home-channels"
          title={t('home.channelStrip')}
          moreHref="/channels/"
          moreLabel={t('home.seeMore')}
        />
        <VideoGrid videos={channel.videos} eagerCount={4} headingLevel={3} />
      </section>
      <section aria-labelledby="home-popular">
        <SectionHeading
          id="home-popular"
          title={t('home.popularStrip')}
          moreHref="/videos/most-popular/1/"
          moreLabel={t('home.seeMore')}
        />
        <VideoGrid videos={popular.videos} headingLevel={3} />
      </section>
    </>
  );
}
