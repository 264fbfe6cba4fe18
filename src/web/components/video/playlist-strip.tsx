import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { type Gender, LIFETIME, PAGE_SIZE } from '../../../contracts/constants.ts';
import { isoDuration, parseDuration, shortCount } from '../../../contracts/format.ts';
import { videos2Path } from '../../../contracts/paths.ts';
import { playlistPath, playlistVideoUrl } from '../../../contracts/playlists.paths.ts';
import type { PlaylistResponse } from '../../../contracts/playlists.schema.ts';
import type { VideoListItem, VideoListResponse } from '../../../contracts/video.schema.ts';
import { apiQuery } from '../../api/query.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './playlist-strip.module.css';
import {
  nextInPlaylist,
  pageOf,
  pagesForWindow,
  stepWindow,
  windowStartFor,
} from './playlist-window.ts';

// The playlist strip of the video page (SPEC.md §2 "Video page", §4 "Playlist strip"): the
// playlist's videos in a row, 8 visible, previous/next moving by 8, pages of 60 loaded as
// the window nears their edge. It reads the same API paths as the playlist page, so data a
// loader put in the cache is reused; without it the strip appears after hydration.

const VISIBLE = PAGE_SIZE.playlistVisible;
const PER_PAGE = PAGE_SIZE.playlist;
/** How many pages are searched for the current video before the strip starts at the top. */
const SEARCH_PAGES = 5;

/** The videos2 path of one page of a playlist, in the playlist's order. */
export function playlistVideosPath(playlistId: number, gender: Gender, page: number): string {
  return videos2Path({
    lifetime: LIFETIME.playlists,
    gender,
    sort: 'latest-updates',
    count: PER_PAGE,
    section: 'playlists',
    objectId: String(playlistId),
    page,
    type: 'all',
    duration: '',
    date: '',
  });
}

type PlaylistLocation =
  | { status: 'pending' }
  | { status: 'failed' }
  | {
      status: 'ready';
      total: number;
      /** Absolute position of the current video; undefined when it is not in the playlist. */
      index: number | undefined;
      /** The page the search stopped at, and its videos. */
      page: number;
      videos: VideoListItem[];
    };

/** Finds the current video in the playlist, one page at a time from the first. */
function usePlaylistLocation(
  playlistIdOrNone: number | undefined,
  currentId: number,
  gender: Gender,
): PlaylistLocation {
  // 0 or less means no playlist too, so callers may pass `playlist ?? 0`.
  const playlistId = playlistIdOrNone && playlistIdOrNone > 0 ? playlistIdOrNone : undefined;
  const key = `${playlistId}:${currentId}:${gender}`;
  const [search, setSearch] = useState({ key, page: 1 });
  const page = search.key === key ? search.page : 1;
  const query = useQuery({
    ...apiQuery<VideoListResponse>(playlistVideosPath(playlistId ?? 0, gender, page)),
    enabled: playlistId !== undefined,
  });
  const data = query.data;
  const found = data ? data.videos.findIndex((video) => video.video_id === String(currentId)) : -1;
  const keepLooking =
    data !== undefined && found === -1 && page < Math.min(data.pages, SEARCH_PAGES);

  useEffect(() => {
    if (keepLooking) setSearch({ key, page: page + 1 });
  }, [keepLooking, key, page]);

  if (playlistId === undefined || query.isError) return { status: 'failed' };
  if (!data || keepLooking) return { status: 'pending' };
  return {
    status: 'ready',
    total: Number(data.total_count),
    index: found === -1 ? undefined : (page - 1) * PER_PAGE + found,
    page,
    videos: data.videos,
  };
}

/**
 * The address of the video after the current one in the playlist, for the next-video timer;
 * undefined without a playlist (undefined or 0), at its end, or while it loads. The page it is on is loaded
 * when the current video is the last of its page.
 */
export function usePlaylistNext(
  playlistIdOrNone: number | undefined,
  currentId: number,
  gender: Gender,
): string | undefined {
  const playlistId = playlistIdOrNone && playlistIdOrNone > 0 ? playlistIdOrNone : undefined;
  const location = usePlaylistLocation(playlistId, currentId, gender);
  const index = location.status === 'ready' ? location.index : undefined;
  const nextPage =
    location.status === 'ready' && index !== undefined && index + 1 < location.total
      ? pageOf(index + 1, PER_PAGE)
      : undefined;
  const otherPage =
    location.status === 'ready' && nextPage !== location.page ? nextPage : undefined;
  const other = useQuery({
    ...apiQuery<VideoListResponse>(playlistVideosPath(playlistId ?? 0, gender, otherPage ?? 1)),
    enabled: playlistId !== undefined && otherPage !== undefined,
  });
  if (playlistId === undefined || location.status !== 'ready') return undefined;
  const items =
    otherPage === undefined ? location.videos : [...location.videos, ...(other.data?.videos ?? [])];
  const next = nextInPlaylist(items, currentId);
  return next ? playlistVideoUrl(next, playlistId) : undefined;
}

export function PlaylistStrip({
  playlistId,
  currentVideoId,
  gender,
}: {
  playlistId: number;
  currentVideoId: number;
  /** The section of the playlist's videos: the current video's gender. */
  gender: Gender;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const playlist = useQuery(
    apiQuery<PlaylistResponse>(playlistPath(LIFETIME.playlists, playlistId)),
  );
  const location = usePlaylistLocation(playlistId, currentVideoId, gender);
  const ready = location.status === 'ready';
  const total = ready ? location.total : 0;
  const index = ready ? location.index : undefined;

  // The window follows the current video until the visitor moves it.
  const key = `${playlistId}:${currentVideoId}`;
  const [moved, setMoved] = useState<{ key: string; start: number } | null>(null);
  const start = moved?.key === key ? moved.start : windowStartFor(index ?? 0, VISIBLE, total);

  const pages = pagesForWindow(start, VISIBLE, PER_PAGE, total);
  const results = useQueries({
    queries: pages.map((page) =>
      apiQuery<VideoListResponse>(playlistVideosPath(playlistId, gender, page)),
    ),
  });

  // On narrow screens the row scrolls: bring the current video into view there too, once
  // when its item appears (the ref is stable, so re-renders leave the visitor's scrolling be).
  const showCurrent = useCallback((item: HTMLAnchorElement | null) => {
    const row = item?.closest('ol');
    if (!item || !row || row.scrollWidth <= row.clientWidth) return;
    const li = item.parentElement ?? item;
    // The row is positioned, so offsetLeft is measured from its start.
    row.scrollLeft = li.offsetLeft - (row.clientWidth - li.offsetWidth) / 2;
  }, []);

  if (!ready || total === 0 || !playlist.data) return null;
  const { title } = playlist.data.playlist;

  const windowItems: { position: number; video: VideoListItem | undefined }[] = [];
  for (let position = start; position < Math.min(start + VISIBLE, total); position++) {
    const page = pageOf(position, PER_PAGE);
    const result = results[pages.indexOf(page)];
    windowItems.push({ position, video: result?.data?.videos[position - (page - 1) * PER_PAGE] });
  }
  // The buttons stay focusable at the ends (aria-disabled), so focus is never dropped.
  const move = (direction: -1 | 1) => {
    const next = stepWindow(start, direction, VISIBLE, total);
    if (next !== start) setMoved({ key, start: next });
  };
  const last = Math.min(start + VISIBLE, total);

  return (
    <section className={styles.strip} aria-labelledby={headingId}>
      <header className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          <Link to={`/playlist/${playlistId}/1/`}>{t('playlistStrip.title', { title })}</Link>
        </h2>
        <p className={styles.position}>
          {index === undefined
            ? t('profile.videos', { count: total, n: shortCount(total) })
            : t('playlistStrip.position', { position: index + 1, total })}
        </p>
      </header>
      <div className={styles.body}>
        <button
          type="button"
          className={styles.step}
          onClick={() => move(-1)}
          aria-disabled={start === 0 ? true : undefined}
          aria-label={t('playlistStrip.previous')}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <ol className={styles.items} start={start + 1}>
          {windowItems.map(({ position, video }) => {
            // Keyed by position: a playlist may hold a video twice.
            if (!video) {
              return <li key={position} className={styles.placeholder} aria-hidden="true" />;
            }
            const current = video.video_id === String(currentVideoId);
            return (
              <li key={position}>
                <Link
                  ref={current ? showCurrent : undefined}
                  to={playlistVideoUrl(video, playlistId)}
                  className={current ? `${styles.item} ${styles.current}` : styles.item}
                  aria-current={current ? 'true' : undefined}
                >
                  <span className={styles.media}>
                    <img
                      src={video.thumb}
                      alt=""
                      width={320}
                      height={180}
                      loading="lazy"
                      decoding="async"
                    />
                    <span className={styles.number} aria-hidden="true">
                      {position + 1}
                    </span>
                    <time
                      className={styles.duration}
                      dateTime={isoDuration(parseDuration(video.duration) || 0)}
                    >
                      {video.duration}
                    </time>
                    {current ? (
                      <span className={styles.playing}>{t('playlistStrip.nowPlaying')}</span>
                    ) : null}
                  </span>
                  <span className={styles.name}>{video.title}</span>
                </Link>
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          className={styles.step}
          onClick={() => move(1)}
          aria-disabled={last >= total ? true : undefined}
          aria-label={t('playlistStrip.next')}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {moved?.key === key ? t('playlistStrip.showing', { from: start + 1, to: last, total }) : ''}
      </p>
    </section>
  );
}

/**
 * The video page's playlist part, a chunk of its own that only a video page opened from a
 * playlist loads (issue 18): the strip, and the address of the next video for the timer.
 */
export function PlaylistPart({
  playlistId,
  currentVideoId,
  gender,
  onNext,
}: {
  playlistId: number;
  currentVideoId: number;
  gender: Gender;
  /** Told the next video's address (undefined at the playlist's end or while it loads). */
  onNext: (url: string | undefined) => void;
}) {
  const next = usePlaylistNext(playlistId, currentVideoId, gender);
  useEffect(() => onNext(next), [next, onNext]);
  return <PlaylistStrip playlistId={playlistId} currentVideoId={currentVideoId} gender={gender} />;
}
