import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { data, Link, type LoaderFunctionArgs, useLoaderData, useNavigate } from 'react-router';
import { type Gender, LIFETIME, PAGE_SIZE } from '../../contracts/constants.ts';
import { shortCount } from '../../contracts/format.ts';
import { memberPath, membersPath, subscriptionsPath } from '../../contracts/members.paths.ts';
import type {
  MemberResponse,
  MembersResponse,
  SubscriptionsResponse,
} from '../../contracts/members.schema.ts';
import { type MyDecisions, myDecisionsPath } from '../../contracts/my-decisions.schema.ts';
import { type MyUploads, myUploadsPath } from '../../contracts/my-uploads.schema.ts';
import { parseId, videos2Path } from '../../contracts/paths.ts';
import { albumsPath, playlistsPath } from '../../contracts/playlists.paths.ts';
import type { AlbumsResponse, PlaylistsResponse } from '../../contracts/playlists.schema.ts';
import type { VideoListResponse } from '../../contracts/video.schema.ts';
import { isApiError } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import albumStyles from '../components/album/album.module.css';
import { AlbumCard, AlbumGrid } from '../components/album/album-card.tsx';
import { albumPagePath, memberAlbumsPath } from '../components/album/album-paths.ts';
import { CommentForm } from '../components/comments/comment-form.tsx';
import { CommentLoginPrompt } from '../components/comments/comment-login-prompt.tsx';
import { memberWallPath } from '../components/comments/comment-rules.ts';
import { ReportButton } from '../components/contact/report-button.tsx';
import { FactsList } from '../components/facts-list.tsx';
import { MyDecisionsSection } from '../components/my-uploads/my-decisions.tsx';
import { MyUploadsList } from '../components/my-uploads/my-uploads.tsx';
import { useOverlays } from '../components/overlays/overlays.tsx';
import { ownListPath } from '../components/owner/owner-lists.ts';
import { OwnerVideoList } from '../components/owner/owner-video-list.tsx';
import { PlaylistOwnerActions } from '../components/owner/playlist-owner-actions.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { Pagination } from '../components/pagination.tsx';
import { PostList, wallPostToPost } from '../components/post-list.tsx';
import { ProfileCard, ProfileGrid } from '../components/profile-card.tsx';
import { ProfileHeader } from '../components/profile-header.tsx';
import { ProfileTabs, parseProfileTab } from '../components/profile-tabs.tsx';
import { MemberButtons } from '../components/social/friend-button.tsx';
import { FriendRequests } from '../components/social/friend-requests.tsx';
import { VideoGrid } from '../components/video-grid.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { countryName } from '../lib/country.ts';
import styles from './profile-page.module.css';

const AlbumFormModal = lazy(() => import('../components/album/album-form.tsx'));

// A member's public page (SPEC.md §2 /members/{id}/ with wall/{page}/, friends/{page}/,
// subscriptions/, uploaded_videos/{page}/, favourite_videos/{page}/, history/{page}/,
// playlists/{page}/ and info/, and ours: albums/{page}/). History is the owner's alone:
// others are told so. On their own page the owner may remove favourites, edit or delete
// playlists (SPEC.md §6) and create albums.

const PAGED = [
  'uploaded_videos',
  'favourite_videos',
  'playlists',
  'albums',
  'friends',
  'wall',
  'history',
] as const;
const SINGLE = ['subscriptions', 'info'] as const;
type Tab = (typeof PAGED)[number] | (typeof SINGLE)[number];
const WALL_PAGE = 10;

function videosPath(gender: Gender, id: number, tab: Tab, page: number, lifetime: number) {
  return videos2Path({
    lifetime,
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

/**
 * A videos tab's call. The owner reads their own uploads, favourites and history uncached,
 * as lists they change (owner-lists.ts); nobody else is asked for the history.
 */
function tabVideosPath(gender: Gender, id: number, tab: Tab, page: number, own: boolean) {
  if (own && tab === 'favourite_videos') return ownListPath('favourites', id, gender, page);
  if (tab === 'history') return ownListPath('history', id, gender, page);
  // The uploader's own uploads uncached too: a new upload shows once it is published.
  return videosPath(gender, id, tab, page, own ? 0 : LIFETIME.member);
}

/** The profile, with the wall on the wall tab (read fresh by members, who may post). */
const profilePath = (id: number, tab: Tab, signedIn: boolean) =>
  tab === 'wall' ? memberWallPath(signedIn, id) : memberPath(LIFETIME.member, 'profile', id);

/** A member's friends; their own list uncached, so an accepted request shows at once. */
const friendsPath = (id: number, page: number, own: boolean) =>
  membersPath({
    lifetime: own ? 0 : LIFETIME.member,
    section: 'friends',
    filters: { object_id: String(id) },
    sort: 'recent',
    count: PAGE_SIZE.members,
    page,
    query: undefined,
  });

/** A member's playlists; their own uncached, so an edit or a deletion shows at once. */
const memberPlaylistsPath = (id: number, page: number, own: boolean) =>
  playlistsPath({
    lifetime: own ? 0 : LIFETIME.member,
    sort: 'latest',
    count: PAGE_SIZE.videos,
    section: 'members',
    page,
    gender: undefined,
    objectId: id,
  });

/**
 * A member's albums, of every orientation (the gender segment is fixed so every section
 * shares one copy); their own uncached and with the private ones (decision 0032).
 */
const memberAlbumsListPath = (id: number, page: number, own: boolean) =>
  albumsPath({
    lifetime: own ? 0 : LIFETIME.albums,
    gender: 'str',
    sort: 'latest',
    count: PAGE_SIZE.videos,
    section: 'members',
    objectId: id,
    page,
  });

/** The data call of a tab, besides the profile; none for info, nor for another's history. */
function tabQuery(gender: Gender, id: number, tab: Tab, page: number, own: boolean) {
  switch (tab) {
    case 'uploaded_videos':
      // The owner's own uploads in every state, with what moderation decided (decision 0045).
      return own
        ? apiQuery<MyUploads>(myUploadsPath(page))
        : apiQuery<VideoListResponse>(tabVideosPath(gender, id, tab, page, own));
    case 'favourite_videos':
      return apiQuery<VideoListResponse>(tabVideosPath(gender, id, tab, page, own));
    case 'history':
      return own
        ? apiQuery<VideoListResponse>(tabVideosPath(gender, id, tab, page, own))
        : undefined;
    case 'friends':
      return apiQuery<MembersResponse>(friendsPath(id, page, own));
    case 'playlists':
      return apiQuery<PlaylistsResponse>(memberPlaylistsPath(id, page, own));
    case 'albums':
      return apiQuery<AlbumsResponse>(memberAlbumsListPath(id, page, own));
    case 'subscriptions':
      return apiQuery<SubscriptionsResponse>(subscriptionsPath(LIFETIME.member, id));
    default:
      return undefined;
  }
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const id = parseId(params.id ?? '');
  const route = parseProfileTab<Tab>(params, 'uploaded_videos', PAGED, SINGLE);
  if (id === undefined || route === undefined) throw data(null, { status: 404 });
  const { tab, page } = route;
  const { queryClient, globals } = context.get(appContext);
  try {
    const profile = await queryClient.ensureQueryData(
      apiQuery<MemberResponse>(profilePath(id, tab, globals.user !== null)),
    );
    if (tab === 'wall' && page > 1 && (page - 1) * WALL_PAGE >= (profile.wall?.length ?? 0)) {
      throw data(null, { status: 404 });
    }
    const query = tabQuery(globals.gender, id, tab, page, globals.user?.id === id);
    if (query) await queryClient.ensureQueryData(query as ReturnType<typeof apiQuery<unknown>>);
    // Above the owner's uploads: their other moderation decisions, where the mails lead.
    if (tab === 'uploaded_videos' && page === 1 && globals.user?.id === id) {
      await queryClient.ensureQueryData(apiQuery<MyDecisions>(myDecisionsPath(1)));
    }
    return { id, tab, page };
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export function Component() {
  const { t } = useTranslation();
  const { user } = useGlobals();
  const navigate = useNavigate();
  const { id, tab, page } = useLoaderData<typeof loader>();
  const { member, wall } = useSuspenseQuery(
    apiQuery<MemberResponse>(profilePath(id, tab, user !== null)),
  ).data;
  const base = `/members/${id}`;
  const tabs = [
    { key: 'uploaded_videos', to: `${base}/`, label: t('member.tabs.uploaded_videos') },
    {
      key: 'favourite_videos',
      to: `${base}/favourite_videos/1/`,
      label: t('member.tabs.favourite_videos'),
    },
    { key: 'playlists', to: `${base}/playlists/1/`, label: t('tabs.playlists') },
    { key: 'albums', to: memberAlbumsPath(id), label: t('albums.tab') },
    { key: 'friends', to: `${base}/friends/1/`, label: t('tabs.friends') },
    { key: 'subscriptions', to: `${base}/subscriptions/`, label: t('tabs.subscriptions') },
    { key: 'wall', to: `${base}/wall/1/`, label: t('tabs.wall') },
    { key: 'history', to: `${base}/history/1/`, label: t('tabs.history') },
    { key: 'info', to: `${base}/info/`, label: t('member.tabs.info') },
  ];
  const title = tabs.find((item) => item.key === tab)?.label ?? '';
  const href = (n: number) =>
    tab === 'uploaded_videos' && n === 1 ? `${base}/` : `${base}/${tab}/${n}/`;
  return (
    <>
      <PageMeta
        title={
          tab === 'uploaded_videos' && page === 1
            ? member.display_name
            : `${member.display_name} - ${title}`
        }
        description={member.about || t('member.description', { name: member.display_name })}
        image={member.avatar}
        noindex={tab !== 'uploaded_videos' && tab !== 'info'}
      />
      <ProfileHeader
        image={member.avatar}
        cover={member.cover}
        name={member.display_name}
        counts={{ videos: member.statistics.videos, subscribers: member.statistics.subscribers }}
        about={member.about}
        // SPEC.md §6: a member cannot subscribe to themselves.
        subscribe={user?.id === id ? undefined : { type: 'member', objectId: String(id) }}
        actions={
          user?.id === id ? undefined : (
            <>
              <MemberButtons memberId={id} name={member.display_name} />
              <ReportButton object={{ type: 'member', id }} label={member.display_name} />
            </>
          )
        }
      />
      <ProfileTabs label={member.display_name} current={tab} tabs={tabs} />
      {tab === 'uploaded_videos' && user?.id === id ? (
        <>
          {page === 1 ? <MyDecisionsSection /> : null}
          <MyUploadsList page={page} href={href} />
        </>
      ) : tab === 'uploaded_videos' || tab === 'favourite_videos' ? (
        <Videos id={id} tab={tab} page={page} href={href} own={user?.id === id} />
      ) : null}
      {tab === 'playlists' ? (
        <Playlists id={id} page={page} href={href} own={user?.id === id} />
      ) : null}
      {tab === 'albums' ? <Albums id={id} page={page} href={href} own={user?.id === id} /> : null}
      {tab === 'friends' ? (
        <>
          {user?.id === id ? <FriendRequests /> : null}
          <Friends id={id} page={page} href={href} own={user?.id === id} />
        </>
      ) : null}
      {tab === 'subscriptions' ? <Subscriptions id={id} /> : null}
      {tab === 'wall' ? (
        <>
          {user ? (
            <CommentForm
              section="member"
              objectId={id}
              label={t('comment.wallLabel')}
              // The new post is the first of page 1.
              onPosted={() => {
                if (page > 1) void navigate(`${base}/wall/1/`);
              }}
            />
          ) : (
            <CommentLoginPrompt />
          )}
          <PostList
            key={wall?.[0]?.post_id}
            posts={(wall ?? []).slice((page - 1) * WALL_PAGE, page * WALL_PAGE).map(wallPostToPost)}
            pageSize={WALL_PAGE}
          />
          <Pagination page={page} pages={Math.ceil((wall?.length ?? 0) / WALL_PAGE)} href={href} />
        </>
      ) : null}
      {tab === 'history' ? (
        user?.id === id ? (
          <Videos id={id} tab={tab} page={page} href={href} own />
        ) : (
          <p className={styles.empty}>{t('errors.no_permission')}</p>
        )
      ) : null}
      {tab === 'info' ? <Info member={member} /> : null}
    </>
  );
}

type Href = (page: number) => string;

function Videos({
  id,
  tab,
  page,
  href,
  own,
}: {
  id: number;
  tab: Tab;
  page: number;
  href: Href;
  own: boolean;
}) {
  const { t } = useTranslation();
  const { gender } = useGlobals();
  const path = tabVideosPath(gender, id, tab, page, own);
  const videos = useSuspenseQuery(apiQuery<VideoListResponse>(path)).data;
  const empty = tab === 'history' ? t('empty.history') : t('errors.videos_not_found');
  return (
    <>
      {own && tab === 'favourite_videos' ? (
        <OwnerVideoList
          videos={videos.videos}
          target={{ list: 'favourite' }}
          listPath={path}
          empty={empty}
        />
      ) : videos.videos.length > 0 ? (
        <VideoGrid videos={videos.videos} eagerCount={4} />
      ) : (
        <p className={styles.empty}>{empty}</p>
      )}
      <Pagination page={page} pages={videos.pages} href={href} />
    </>
  );
}

function Playlists({
  id,
  page,
  href,
  own,
}: {
  id: number;
  page: number;
  href: Href;
  own: boolean;
}) {
  const { t } = useTranslation();
  const list = useSuspenseQuery(
    apiQuery<PlaylistsResponse>(memberPlaylistsPath(id, page, own)),
  ).data;
  return (
    <>
      {list.playlists.length > 0 ? (
        <ProfileGrid>
          {list.playlists.map((playlist) => {
            const card = (
              <ProfileCard
                key={playlist.playlist_id}
                href={`/playlist/${playlist.playlist_id}/1/`}
                image={playlist.toptn[0]?.scr ?? '/placeholder.svg'}
                title={playlist.title}
                videos={playlist.total_videos}
                views={playlist.views}
                square={false}
              />
            );
            // The owner's cards carry Edit and Delete (SPEC.md §6).
            return own ? (
              <div key={playlist.playlist_id}>
                {card}
                <PlaylistOwnerActions playlist={playlist} />
              </div>
            ) : (
              card
            );
          })}
        </ProfileGrid>
      ) : (
        <p className={styles.empty}>{t('playlists.empty')}</p>
      )}
      <Pagination page={page} pages={list.pages} href={href} />
    </>
  );
}

function Albums({ id, page, href, own }: { id: number; page: number; href: Href; own: boolean }) {
  const { t } = useTranslation();
  const { toast } = useOverlays();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const list = useSuspenseQuery(apiQuery<AlbumsResponse>(memberAlbumsListPath(id, page, own))).data;
  return (
    <>
      {own ? (
        <div className={albumStyles.toolbar}>
          <p>{t('albums.ownHint')}</p>
          <button
            type="button"
            className={albumStyles.primary}
            aria-haspopup="dialog"
            onClick={() => setCreating(true)}
          >
            {t('albums.create')}
          </button>
        </div>
      ) : null}
      {list.albums.length > 0 ? (
        <AlbumGrid>
          {list.albums.map((album) => (
            <AlbumCard key={album.album_id} album={album} />
          ))}
        </AlbumGrid>
      ) : (
        <p className={styles.empty}>{own ? t('albums.emptyOwn') : t('albums.empty')}</p>
      )}
      <Pagination page={page} pages={list.pages} href={href} />
      {creating ? (
        <Suspense fallback={null}>
          <AlbumFormModal
            mode={{ section: 'new' }}
            onSaved={(album) => {
              setCreating(false);
              toast('success', t('albums.created'));
              void navigate(albumPagePath(album));
            }}
            onClose={() => setCreating(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function Friends({ id, page, href, own }: { id: number; page: number; href: Href; own: boolean }) {
  const { t } = useTranslation();
  const list = useSuspenseQuery(apiQuery<MembersResponse>(friendsPath(id, page, own))).data;
  return (
    <>
      {list.members.length > 0 ? (
        <ProfileGrid>
          {list.members.map((friend) => (
            <ProfileCard
              key={friend.user_id}
              href={`/members/${friend.user_id}/`}
              image={friend.avatar}
              title={friend.display_name}
              videos={friend.statistics.videos}
            />
          ))}
        </ProfileGrid>
      ) : (
        <p className={styles.empty}>{t('community.empty')}</p>
      )}
      <Pagination page={page} pages={list.pages} href={href} />
    </>
  );
}

function Subscriptions({ id }: { id: number }) {
  const { t } = useTranslation();
  const { subscriptions } = useSuspenseQuery(
    apiQuery<SubscriptionsResponse>(subscriptionsPath(LIFETIME.member, id)),
  ).data;
  const { channels, models, members } = subscriptions;
  if (channels.length + models.length + members.length === 0) {
    return <p className={styles.empty}>{t('empty.subscriptions')}</p>;
  }
  return (
    <>
      {channels.length > 0 ? (
        <>
          <h2 className={styles.subheading}>{t('subscriptions.channels')}</h2>
          <ProfileGrid>
            {channels.map((channel) => (
              <ProfileCard
                key={channel.id}
                href={`/channel/${channel.dir}/`}
                image={channel.avatar}
                title={channel.title}
                videos={channel.total_videos}
              />
            ))}
          </ProfileGrid>
        </>
      ) : null}
      {models.length > 0 ? (
        <>
          <h2 className={styles.subheading}>{t('subscriptions.models')}</h2>
          <ProfileGrid>
            {models.map((model) => (
              <ProfileCard
                key={model.id}
                href={`/model/${model.dir}/`}
                image={model.avatar}
                title={model.title}
                videos={model.total_videos}
              />
            ))}
          </ProfileGrid>
        </>
      ) : null}
      {members.length > 0 ? (
        <>
          <h2 className={styles.subheading}>{t('subscriptions.members')}</h2>
          <ul className={styles.people}>
            {members.map((person) => (
              <li key={person.user_id}>
                <Link to={`/members/${person.user_id}/`}>
                  <img src={person.avatar} alt="" width={56} height={56} loading="lazy" />
                  <span>{person.username}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}

function Info({ member }: { member: MemberResponse['member'] }) {
  const { t, i18n } = useTranslation();
  const count = (value: string) => shortCount(value);
  const registered = member.registered
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${member.registered.replace(' ', 'T')}Z`),
      )
    : '';
  return (
    <FactsList
      facts={[
        [t('member.username'), member.username],
        [t('facts.gender'), member.gender && t(`values.genders.${member.gender}`)],
        [t('facts.age'), member.age],
        [t('profile.country'), member.country && countryName(member.country, i18n.language)],
        [t('member.city'), member.city],
        [
          t('facts.relationship'),
          member.relationship && t(`values.relationships.${member.relationship}`),
        ],
        [
          t('facts.orientation'),
          member.orientation && t(`values.orientations.${member.orientation}`),
        ],
        [t('facts.education'), member.education],
        [t('member.occupation'), member.occupation],
        [t('facts.interests'), member.interests],
        [t('facts.website'), member.website],
        [t('facts.registered'), registered],
        [t('facts.profileViews'), count(member.statistics.profile_views)],
        [t('facts.friends'), count(member.statistics.friends)],
        [t('facts.favourites'), count(member.statistics.favourites)],
        [t('facts.playlists'), count(member.statistics.playlists)],
      ]}
    />
  );
}
