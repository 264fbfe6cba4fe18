import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { data, type LoaderFunctionArgs, NavLink, useLoaderData } from 'react-router';
import { type Gender, LIFETIME, PAGE_SIZE } from '../../contracts/constants.ts';
import { memberPath } from '../../contracts/members.paths.ts';
import type { MemberResponse } from '../../contracts/members.schema.ts';
import { parseId, videos2Path } from '../../contracts/paths.ts';
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

// A member's public page (SPEC.md §2 /members/{id}/ with uploaded_videos/{page}/,
// favourite_videos/{page}/ and info/): profile, counts and the member's videos.

const TABS = ['uploaded_videos', 'favourite_videos', 'info'] as const;
type Tab = (typeof TABS)[number];

function videosPath(gender: Gender, id: number, tab: Tab, page: number) {
  return videos2Path({
    lifetime: LIFETIME.member,
    gender,
    sort: tab === 'favourite_videos' ? 'history' : 'latest-updates',
    count: PAGE_SIZE.videos,
    section: tab === 'favourite_videos' ? 'favourites' : 'members',
    objectId: String(id),
    page,
    type: 'all',
    duration: '',
    date: '',
  });
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = parseId(params.id ?? '');
  const tab = (params.tab ?? 'uploaded_videos') as Tab;
  const page = params.page === undefined ? 1 : parsePage(params.page);
  if (id === undefined || !TABS.includes(tab) || page === undefined) {
    throw data(null, { status: 404 });
  }
  if (tab === 'info' && params.page !== undefined) throw data(null, { status: 404 });
  const { queryClient, globals } = context.get(appContext);
  try {
    await queryClient.ensureQueryData(
      apiQuery<MemberResponse>(memberPath(LIFETIME.member, 'profile', id)),
    );
    if (tab !== 'info') {
      await queryClient.ensureQueryData(
        apiQuery<VideoListResponse>(videosPath(globals.gender, id, tab, page)),
      );
    }
    return { id, tab, page };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

function Videos({ id, tab, page }: { id: number; tab: Tab; page: number }) {
  const { t } = useTranslation();
  const { gender } = useGlobals();
  const videos = useSuspenseQuery(
    apiQuery<VideoListResponse>(videosPath(gender, id, tab, page)),
  ).data;
  return (
    <>
      {videos.videos.length > 0 ? (
        <VideoGrid videos={videos.videos} eagerCount={4} />
      ) : (
        <p className={styles.empty}>{t('errors.videos_not_found')}</p>
      )}
      <Pagination page={page} pages={videos.pages} href={(n) => `/members/${id}/${tab}/${n}/`} />
    </>
  );
}

export function Component() {
  const { t } = useTranslation();
  const { id, tab, page } = useLoaderData<typeof loader>();
  const { member } = useSuspenseQuery(
    apiQuery<MemberResponse>(memberPath(LIFETIME.member, 'profile', id)),
  ).data;
  const facts: [string, string][] = [];
  if (member.country) facts.push([t('profile.country'), member.country.toUpperCase()]);
  if (member.age) facts.push([t('models.filters.age'), member.age]);
  if (member.city) facts.push([t('member.city'), member.city]);
  if (member.occupation) facts.push([t('member.occupation'), member.occupation]);
  return (
    <>
      <PageMeta
        title={member.display_name}
        description={member.about || t('member.description', { name: member.display_name })}
        image={member.avatar}
        noindex={tab === 'favourite_videos'}
      />
      <ProfileHeader
        image={member.avatar}
        name={member.display_name}
        counts={{ videos: member.statistics.videos, subscribers: member.statistics.subscribers }}
        about={member.about}
      />
      <nav className={styles.tabs} aria-label={member.display_name}>
        <NavLink to={`/members/${id}/`} end>
          {t('member.tabs.uploaded_videos')}
        </NavLink>
        <NavLink to={`/members/${id}/favourite_videos/1/`}>
          {t('member.tabs.favourite_videos')}
        </NavLink>
        <NavLink to={`/members/${id}/info/`}>{t('member.tabs.info')}</NavLink>
      </nav>
      {tab === 'info' ? (
        <dl className={styles.facts}>
          <div>
            <dt>{t('member.username')}</dt>
            <dd>{member.username}</dd>
          </div>
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Videos id={id} tab={tab} page={page} />
      )}
    </>
  );
}
