import { useSuspenseQuery } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import { CHANNEL_SORTS, type ChannelSort, channelsPath } from '../../contracts/channels.paths.ts';
import { type Gender, PAGE_SIZE } from '../../contracts/constants.ts';
import type { ChannelsResponse } from '../../contracts/models.schema.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { ListScreen } from '../components/list-screen.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { ProfileCard, ProfileGrid } from '../components/profile-card.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { parsePage } from '../lib/listing.ts';

// The channel list (SPEC.md §2 /channels/{sort}/{page}/, default most-popular).

const LIFETIME = 3600;

function isChannelSort(value: string | undefined): value is ChannelSort {
  return value !== undefined && (CHANNEL_SORTS as readonly string[]).includes(value);
}

function apiPath(gender: Gender, sort: ChannelSort, page: number) {
  return channelsPath({
    lifetime: LIFETIME,
    gender,
    sort,
    count: PAGE_SIZE.videos,
    section: '',
    objectId: undefined,
    page,
  });
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { sort } = params;
  const page = parsePage(params.page);
  if (!isChannelSort(sort) || page === undefined) throw data(null, { status: 404 });
  const { queryClient, globals } = context.get(appContext);
  await queryClient.ensureQueryData(
    apiQuery<ChannelsResponse>(apiPath(globals.gender, sort, page)),
  );
  return { sort, page };
}

export function Component() {
  const { t } = useTranslation();
  const { gender, site } = useGlobals();
  const { sort, page } = useLoaderData<typeof loader>();
  const list = useSuspenseQuery(apiQuery<ChannelsResponse>(apiPath(gender, sort, page))).data;
  const heading = t(`channels.sorts.${sort}`);
  return (
    <>
      <PageMeta
        title={page > 1 ? `${heading} - ${t('pagination.page', { page })}` : heading}
        description={t('channels.description', { site: site.name })}
      />
      <ListScreen
        heading={heading}
        formAction="/channels/"
        sort={sort}
        sorts={CHANNEL_SORTS.map((value) => ({ value, label: t(`channels.sorts.${value}`) }))}
        empty={list.channels.length > 0 ? undefined : t('channels.empty')}
        page={page}
        pages={list.pages}
        href={(number) => `/channels/${sort}/${number}/`}
      >
        <ProfileGrid>
          {list.channels.map((channel) => (
            <ProfileCard
              key={channel.channel_id}
              href={`/channel/${channel.dir}/`}
              image={channel.scr}
              title={channel.title}
              videos={channel.total_videos}
              views={channel.statistics.viewed}
              square={false}
            />
          ))}
        </ProfileGrid>
      </ListScreen>
    </>
  );
}

/** `/channels/`, `/channels/{sort}/` and the sort form: to the first page. */
export function channelsRedirectLoader({ params, request }: LoaderFunctionArgs) {
  const sort = params.sort ?? new URL(request.url).searchParams.get('sort') ?? 'most-popular';
  if (!isChannelSort(sort)) throw data(null, { status: 404 });
  return redirect(`/channels/${sort}/1/`);
}
