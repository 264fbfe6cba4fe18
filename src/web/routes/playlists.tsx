import { useSuspenseQuery } from '@tanstack/react-query';
import { data, type LoaderFunctionArgs, redirect, useLoaderData } from 'react-router';
import type { Gender } from '../../contracts/constants.ts';
import { LIFETIME } from '../../contracts/constants.ts';
import {
  PLAYLIST_SORTS,
  type PlaylistSort,
  playlistsPath,
} from '../../contracts/playlists.paths.ts';
import type { PlaylistsResponse } from '../../contracts/playlists.schema.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { ListScreen } from '../components/list-screen.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { ProfileCard, ProfileGrid } from '../components/profile-card.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { parsePage } from '../lib/listing.ts';

// The playlist list (SPEC.md §2 /playlists/{sort}/{page}/, default most-popular): public
// playlists of the visitor's section.

const PER_PAGE = 40;

function isPlaylistSort(value: string | undefined): value is PlaylistSort {
  return value !== undefined && (PLAYLIST_SORTS as readonly string[]).includes(value);
}

function apiPath(gender: Gender, sort: PlaylistSort, page: number) {
  return playlistsPath({
    lifetime: LIFETIME.playlists,
    sort,
    count: PER_PAGE,
    section: '',
    page,
    gender,
    objectId: undefined,
  });
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { sort } = params;
  const page = parsePage(params.page);
  if (!isPlaylistSort(sort) || page === undefined) throw data(null, { status: 404 });
  const { queryClient, globals } = context.get(appContext);
  await queryClient.ensureQueryData(
    apiQuery<PlaylistsResponse>(apiPath(globals.gender, sort, page)),
  );
  return { sort, page };
}

export function Component() {
  const { t } = useTranslation();
  const { gender, site } = useGlobals();
  const { sort, page } = useLoaderData<typeof loader>();
  const list = useSuspenseQuery(apiQuery<PlaylistsResponse>(apiPath(gender, sort, page))).data;
  const heading = t(`playlists.sorts.${sort}`);
  return (
    <>
      <PageMeta
        title={page > 1 ? `${heading} - ${t('pagination.page', { page })}` : heading}
        description={t('playlists.description', { site: site.name })}
      />
      <ListScreen
        heading={heading}
        formAction="/playlists/"
        sort={sort}
        sorts={PLAYLIST_SORTS.map((value) => ({ value, label: t(`playlists.sorts.${value}`) }))}
        empty={list.playlists.length > 0 ? undefined : t('playlists.empty')}
        page={page}
        pages={list.pages}
        href={(n) => `/playlists/${sort}/${n}/`}
      >
        <ProfileGrid>
          {list.playlists.map((playlist) => (
            <ProfileCard
              key={playlist.playlist_id}
              href={`/playlist/${playlist.playlist_id}/1/`}
              image={playlist.toptn[0]?.scr ?? '/placeholder.svg'}
              title={playlist.title}
              videos={playlist.total_videos}
              views={playlist.views}
              square={false}
            />
          ))}
        </ProfileGrid>
      </ListScreen>
    </>
  );
}

/** `/playlists/`, `/playlists/{sort}/` and the sort form: to the first page. */
export function playlistsRedirectLoader({ params, request }: LoaderFunctionArgs) {
  const sort = params.sort ?? new URL(request.url).searchParams.get('sort') ?? 'most-popular';
  if (!isPlaylistSort(sort)) throw data(null, { status: 404 });
  return redirect(`/playlists/${sort}/1/`);
}
