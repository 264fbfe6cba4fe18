import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { data, Link, type LoaderFunctionArgs, redirect, useNavigate } from 'react-router';
import { LIFETIME, NEXT_VIDEO_TIMER_S, PAGE_SIZE } from '../../contracts/constants.ts';
import { searchPagePath } from '../../contracts/discovery.paths.ts';
import { shortCount, shownRating } from '../../contracts/format.ts';
import { parseId, relatedPath, videoPath } from '../../contracts/paths.ts';
import type { PlaylistResponse } from '../../contracts/playlists.schema.ts';
import type {
  VideoDetail,
  VideoListResponse,
  VideoResponse,
} from '../../contracts/video.schema.ts';
import { isApiError, postForm } from '../api/client.ts';
import { apiQuery } from '../api/query.ts';
import { appContext } from '../app-context.ts';
import { PartnerFrame } from '../components/ads/partner-frame.tsx';
import { PartnerSlider } from '../components/ads/partner-slider.tsx';
import { preloadUnderPlayerAd, UnderPlayerAd } from '../components/ads/under-player-ad.tsx';
import { ReportButton } from '../components/contact/report-button.tsx';
import { ThumbDownIcon, ThumbUpIcon } from '../components/icons.tsx';
import { onView } from '../components/on-view.tsx';
import { useOverlays } from '../components/overlays/overlays.tsx';
import { PageMeta } from '../components/page-meta.tsx';
import { Player } from '../components/player/player.tsx';
import { AddToButton } from '../components/video/add-to-button.tsx';
import { CommentsPlace } from '../components/video/comments-place.tsx';
import { RELATED_FETCH } from '../components/video/related-fetch.ts';
import { VideoGridSkeleton } from '../components/video-grid-skeleton.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { withBrowseMessages } from '../i18n/messages.client.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { rememberViewed } from '../lib/local-history.ts';
import { preloadable } from '../lib/preloadable.tsx';
import { videoObjectLd } from '../lib/structured-data.ts';
import styles from './video.module.css';

// The video page (SPEC.md §2 /videos/{id}/{dir}/): the player or the video's status
// message, title and facts, votes, share and download, the playlist strip with ?playlist=,
// the sponsored bar and offer, model, channel, category and tag links, related videos 12
// a page (fetched 3 pages at a time), comments 10 a page, and the 20 s next-video timer.

// The page's parts that its first screen does not show bring their words with their code
// (messages.client.ts): the share dialog, the playlist strip and the comments.
const ShareModal = lazy(withBrowseMessages(() => import('../components/video/share-modal.tsx')));

// The playlist strip is for a page opened from a playlist only: its own chunk, which the
// loader (and, before hydrating, preloadVideoParts) loads when the address names one.
const stripCode = withBrowseMessages(() => import('../components/video/playlist-strip.tsx'));
const playlistPart = preloadable(() => stripCode().then((m) => m.PlaylistPart));
const PlaylistPart = playlistPart.Component;

const playlistOf = (url: URL) => parseId(url.searchParams.get('playlist') ?? '');

/** The page's parts in chunks of their own that its address asks for (before hydrating). */
export function preloadVideoParts(url: URL): Promise<unknown> | undefined {
  return playlistOf(url) === undefined ? undefined : playlistPart.preload();
}

export function canonicalVideoPath(video: Pick<VideoDetail, 'video_id' | 'dir'>): string {
  return `/videos/${video.video_id}/${video.dir}/`;
}

/**
 * `/videos/{id}/{dir}/`: the detail is loaded on the server (a missing video is a 404);
 * a wrong or missing dir redirects to the canonical address, the query kept.
 */
export async function videoLoader({ params, request, context }: LoaderFunctionArgs) {
  const id = parseId(params.sort ?? params.id ?? '');
  if (id === undefined) throw data(null, { status: 404 });
  const { queryClient } = context.get(appContext);
  let video: VideoDetail;
  try {
    ({ video } = await queryClient.ensureQueryData(
      apiQuery<VideoResponse>(videoPath(LIFETIME.video, id)),
    ));
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 400)) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
  const url = new URL(request.url);
  const dir = params.page ?? params.dir;
  if (dir !== video.dir) throw redirect(`${canonicalVideoPath(video)}${url.search}`, 301);
  const playlist = playlistOf(url);
  if (playlist !== undefined) {
    // The strip renders with the page; a private or missing playlist just shows none.
    const [{ playlistVideosPath }, { playlistPath }] = await Promise.all([
      stripCode(),
      import('../../contracts/playlists.paths.ts'),
      playlistPart.preload(),
    ]);
    await Promise.all([
      queryClient.ensureQueryData(
        apiQuery<PlaylistResponse>(playlistPath(LIFETIME.playlists, playlist)),
      ),
      queryClient.ensureQueryData(
        apiQuery<VideoListResponse>(playlistVideosPath(playlist, video.gender, 1)),
      ),
    ]).catch(() => undefined);
  }
  await preloadUnderPlayerAd(context.get(appContext), video);
  // Related and comments are not needed for the first paint: the browser loads them.
  return { kind: 'video' as const, id, playlist: playlist ?? null };
}

function useVote(video: VideoDetail) {
  const { t } = useTranslation();
  const { toast, toastFailure } = useOverlays();
  const [counts, setCounts] = useState({
    likes: Number(video.likes),
    dislikes: Number(video.dislikes),
  });
  const [voted, setVoted] = useState<0 | 1 | null>(null);
  const vote = async (value: 0 | 1) => {
    if (voted !== null) return;
    // SPEC.md §4: a vote shows at once; a refusal takes it back.
    setVoted(value);
    setCounts((c) =>
      value === 1 ? { ...c, likes: c.likes + 1 } : { ...c, dislikes: c.dislikes + 1 },
    );
    try {
      await postForm('/api/stat.php', {
        act: 'vote',
        section: 'video',
        object_id: video.video_id,
        vote: String(value),
      });
      toast('success', t('notify.vote_success'));
    } catch (error) {
      setCounts((c) =>
        value === 1 ? { ...c, likes: c.likes - 1 } : { ...c, dislikes: c.dislikes - 1 },
      );
      toastFailure(error);
    }
  };
  return { counts, voted, vote };
}

/**
 * The view of SPEC.md §4: recorded one second after the video has loaded, once per video.
 * The player is the video loaded in the page: its stream waits for the first play (decision
 * 0061), so the view does not; a visitor who leaves within the second counts none.
 */
function useRecordView(videoId: string, loaded: boolean) {
  const recorded = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!loaded || recorded.current === videoId) return;
    const timer = setTimeout(() => {
      recorded.current = videoId;
      rememberViewed(Number(videoId));
      postForm('/api/stat.php', { act: 'view', section: 'video', object_id: videoId }).catch(
        () => {},
      );
    }, 1000);
    return () => clearTimeout(timer);
  }, [videoId, loaded]);
}

function StatusMessage({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  const { openModal } = useOverlays();
  let text = t('video.notFound');
  // Taken down by staff: the page names why (decision 0047); else a plain deletion.
  if (video.removed) {
    text = t('video.removed', { reason: t(`moderation.removedReasons.${video.removed.reason}`) });
  } else if (video.status_id === '5') text = t('video.deleted');
  else if (video.is_private === '1' && video.status_id === '1') text = t('video.private');
  // Processing, or published before its stream exists (the pipeline's first rung is next).
  else if (video.status_id === '3' || video.status_id === '1') text = t('video.processing');
  return (
    <div className={styles.status} role="status">
      {/* A deleted video's pictures are gone with it (docs/decisions/0011). */}
      {video.status_id === '5' ? null : (
        <img src={video.scr} alt="" className={styles.statusImage} />
      )}
      <div className={styles.statusText}>
        <p>{text}</p>
        {video.is_private === '1' && video.status_id === '1' ? (
          <button type="button" className={styles.action} onClick={() => openModal('login')}>
            {t('video.login')}
          </button>
        ) : video.status_id === '1' || video.status_id === '3' ? null : (
          <Link to="/" className={styles.action}>
            {t('video.home')}
          </Link>
        )}
      </div>
    </div>
  );
}

/** SPEC.md §9: 20 s to the next video after the end; the visitor may stay. */
function NextTimer({ to, onCancel }: { to: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [left, setLeft] = useState(NEXT_VIDEO_TIMER_S);
  useEffect(() => {
    if (left <= 0) {
      void navigate(to);
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate, to]);
  return (
    <div className={styles.next} role="status">
      <p>{t('video.nextIn', { seconds: left })}</p>
      <Link to={to} className={styles.action}>
        {t('video.playNext')}
      </Link>
      <button type="button" className={styles.secondary} onClick={onCancel}>
        {t('video.cancelNext')}
      </button>
    </div>
  );
}

/**
 * Related videos' place before their code and list arrive: the heading and a page of empty
 * thumbs with the pager's row, so the comments below do not move when they come.
 */
export function RelatedPlaceholder() {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="related-heading">
      <h2 id="related-heading" className={styles.sectionTitle}>
        {t('video.related')}
      </h2>
      <VideoGridSkeleton count={PAGE_SIZE.relatedPerPage} />
      <div className={styles.pagerPlace} />
    </section>
  );
}

/**
 * The comments' place before their code and list arrive: the heading, the form's or the
 * prompt's place, and room for the first page of them, so the footer does not move down
 * under a visitor who scrolled to it when they come.
 */
function CommentsPlaceholder({ count }: { id: number; count: number }) {
  const { t } = useTranslation();
  const { user } = useGlobals();
  return (
    <section className={styles.section} aria-labelledby="comments-heading">
      <h2 id="comments-heading" className={styles.sectionTitle}>
        {t('video.comments')}
      </h2>
      <div className={user ? styles.commentFormPlace : styles.commentPromptPlace} />
      <CommentsPlace count={count} />
    </section>
  );
}

// Below the fold: their code loads as they come near the screen (issue 18).
const Related = onView(
  () => import('../components/video/related-videos.tsx').then((m) => m.RelatedVideos),
  RelatedPlaceholder,
);
// The partner slider is on a phone's first screen (412x823): its code comes with the page's,
// and it shows as it comes near, like the parts below it.
const Partners = onView(
  async () => PartnerSlider,
  () => <PartnerFrame />,
);
const commentsCode = withBrowseMessages(() => import('../components/video/video-comments.tsx'));
const Comments = onView(() => commentsCode().then((m) => m.VideoComments), CommentsPlaceholder);

function Links({ video }: { video: VideoDetail }) {
  const { t } = useTranslation();
  const groups: { label: string; items: { to: string; title: string }[] }[] = [
    {
      label: t('video.models'),
      items: Object.values(video.models).map((m) => ({ to: `/model/${m.dir}/`, title: m.title })),
    },
    {
      label: t('video.channel'),
      items: video.channel
        ? [{ to: `/channel/${video.channel.dir}/`, title: video.channel.title }]
        : [],
    },
    {
      label: t('video.categories'),
      items: Object.values(video.categories).map((c) => ({
        to: `/categories/${c.dir}/latest-updates/1/`,
        title: c.title,
      })),
    },
    {
      label: t('video.tags'),
      items: Object.values(video.tags).map((tag) => ({
        to: searchPagePath(tag.title),
        title: tag.title,
      })),
    },
  ];
  return (
    <dl className={styles.links}>
      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <div key={group.label}>
            <dt>{group.label}</dt>
            {group.items.map((item) => (
              <dd key={item.to}>
                <Link to={item.to}>{item.title}</Link>
              </dd>
            ))}
          </div>
        ))}
    </dl>
  );
}

/** The page as the `/videos/:sort/:page` route renders it when the first segment is an id. */
export function VideoRoute({ id, playlist }: { id: number; playlist: number | null }) {
  return <VideoPage id={id} playlist={playlist} />;
}

export function VideoPage({ id, playlist }: { id: number; playlist: number | null }) {
  const { t, i18n } = useTranslation();
  const { site, user, gender } = useGlobals();
  const { openModal } = useOverlays();
  const { video } = useSuspenseQuery(apiQuery<VideoResponse>(videoPath(LIFETIME.video, id))).data;
  const { counts, voted, vote } = useVote(video);
  const [sharing, setSharing] = useState(false);
  const [ended, setEnded] = useState(false);
  const [stayed, setStayed] = useState(false);
  const [playlistNext, setPlaylistNext] = useState<string | undefined>(undefined);
  const related = useQuery({
    ...apiQuery<VideoListResponse>(relatedPath(LIFETIME.related, RELATED_FETCH, id, 1)),
    enabled: ended,
  }).data;
  const relatedNext = related?.videos[0];
  const nextUrl =
    (playlist ? playlistNext : undefined) ??
    (relatedNext ? `/videos/${relatedNext.video_id}/${relatedNext.dir}/` : undefined);

  // A new video on the same page (next video, related link) starts over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset per video
  useEffect(() => {
    setEnded(false);
    setStayed(false);
  }, [id]);

  const pageUrl = `${site.url}${canonicalVideoPath(video)}`;
  const date = new Date(`${video.post_date.replace(' ', 'T')}Z`);
  const playable = video.playable === '1' && video.hls !== '';
  useRecordView(video.video_id, playable);
  const percent = shownRating(video);
  const gone = video.status_id === '5';

  return (
    <article className={styles.page}>
      <PageMeta
        title={video.title}
        description={video.description || video.title}
        image={video.scr}
        noindex={video.status_id !== '1'}
        jsonLd={video.status_id === '1' ? videoObjectLd(video, site.url) : undefined}
      />
      {/* The player and its title come first at every size (issue 14): the strip of the
          playlist, the sponsored bar and the offer follow them. */}
      <div className={styles.stage}>
        {playable ? (
          <Player
            key={video.video_id}
            src={video.hls}
            poster={video.scr}
            timeline={video.timeline || undefined}
            durationS={Number(video.duration_seconds)}
            title={video.title}
            onEnded={() => setEnded(true)}
          />
        ) : (
          <StatusMessage video={video} />
        )}
        {ended && !stayed && nextUrl ? (
          <NextTimer to={nextUrl} onCancel={() => setStayed(true)} />
        ) : null}
      </div>
      <header className={styles.head}>
        <h1 className={styles.title}>{video.title}</h1>
        <p className={styles.facts}>
          <span>
            {t('video.views', {
              count: Number(video.video_viewed),
              n: shortCount(video.video_viewed),
            })}
          </span>
          <time dateTime={date.toISOString()}>
            {new Intl.DateTimeFormat(i18n.language, {
              dateStyle: 'medium',
              timeZone: 'UTC',
            }).format(date)}
          </time>
          {/* Nobody has voted yet: no percentage rather than a false "0%". */}
          {percent === null ? null : <span>{t('video.rating', { percent })}</span>}
        </p>
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.vote}
            aria-pressed={voted === 1}
            onClick={() => vote(1)}
            disabled={voted !== null}
          >
            <ThumbUpIcon /> {t('video.like')}{' '}
            <span className={styles.count}>{shortCount(counts.likes)}</span>
          </button>
          <button
            type="button"
            className={styles.vote}
            aria-pressed={voted === 0}
            onClick={() => vote(0)}
            disabled={voted !== null}
          >
            <ThumbDownIcon /> {t('video.dislike')}{' '}
            <span className={styles.count}>{shortCount(counts.dislikes)}</span>
          </button>
          {gone ? null : (
            <AddToButton key={video.video_id} video={video} className={styles.secondary} />
          )}
          <button type="button" className={styles.secondary} onClick={() => setSharing(true)}>
            {t('video.share')}
          </button>
          <ReportButton
            object={{ type: 'video', id }}
            label={video.title}
            className={styles.secondary}
          />
          {video.status_id === '1' ? (
            user ? (
              <Link to={`/download/?video=${video.video_id}`} className={styles.secondary}>
                {t('video.download')}
              </Link>
            ) : (
              <button type="button" className={styles.secondary} onClick={() => openModal('login')}>
                {t('video.download')}
              </button>
            )
          ) : null}
        </div>
      </header>
      {playlist ? (
        <Suspense fallback={null}>
          <PlaylistPart
            playlistId={playlist}
            currentVideoId={id}
            gender={video.gender ?? gender}
            onNext={setPlaylistNext}
          />
        </Suspense>
      ) : null}
      {/* Ads and promotions are for visitors only: members see none (SPEC.md §1). */}
      {user ? null : (
        <aside className={styles.sponsor} aria-label={t('video.sponsored')}>
          <span className={styles.sponsorTag}>{t('video.sponsored')}</span>
          <Link to="/signup/">{t('video.sponsorText', { site: site.name })}</Link>
        </aside>
      )}
      <UnderPlayerAd key={`ad-${video.video_id}`} video={video} />
      {video.description ? <p className={styles.description}>{video.description}</p> : null}
      {gone ? null : <Links video={video} />}
      {sharing ? (
        <Suspense fallback={null}>
          <ShareModal
            title={video.title}
            url={pageUrl}
            embedUrl={`${site.url}${video.embed}`}
            onClose={() => setSharing(false)}
          />
        </Suspense>
      ) : null}
      {/* A deleted video keeps its page and message; its related list and comments go. */}
      {gone ? null : <Partners key={`partners-${video.video_id}`} video={video} />}
      {gone ? null : <Related id={id} />}
      {gone ? null : <Comments id={id} count={Number(video.comments_count) || 0} />}
    </article>
  );
}
