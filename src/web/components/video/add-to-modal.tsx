import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { shortCount } from '../../../contracts/format.ts';
import type { PlaylistsResponse } from '../../../contracts/playlists.schema.ts';
import { isApiError, postForm } from '../../api/client.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../overlays/modal.tsx';
import { useOverlays } from '../overlays/overlays.tsx';
import { playlistPaths, sectionPaths } from '../owner/owner-lists.ts';
import { dropUnshown } from '../owner/owner-refresh.ts';
import { refreshPlaylists } from '../playlist/playlist-modal.tsx';
import {
  type AddTarget,
  addedMessage,
  addRequest,
  addToPlaylistsPath,
  alreadyKey,
} from './add-to.ts';
import styles from './add-to-modal.module.css';

// The AddTo modal (SPEC.md §2 "Modals", §4 Add-to): favourites, watch later, the member's
// playlists 20 at a time with more on demand, and a new playlist. A pick closes the modal
// with a success toast; "already added" and other refusals are error toasts (SPEC.md §8).

const targetKey = (target: AddTarget) =>
  target.list === 'playlist' ? `playlist-${target.playlistId}` : target.list;

export default function AddToModal({
  videoId,
  videoTitle,
  onNewPlaylist,
  onClose,
}: {
  videoId: string;
  videoTitle: string;
  onNewPlaylist: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { toast, toastFailure } = useOverlays();
  const queryClient = useQueryClient();
  const { user } = useGlobals();
  const headingId = useId();
  const [pageCount, setPageCount] = useState(1);
  const [busy, setBusy] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const pages = useQueries({
    queries: Array.from({ length: pageCount }, (_, index) =>
      apiQuery<PlaylistsResponse>(addToPlaylistsPath(index + 1)),
    ),
  });
  const playlists = pages.flatMap((page) => page.data?.playlists ?? []);
  const totalPages = pages[0]?.data?.pages ?? 0;
  const loading = pages.some((page) => page.isPending && !page.isError);
  const failed = pages.find((page) => page.isError);

  // "Show more" leaves the focus on the first playlist it brought.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || playlists.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLButtonElement>('button')[from]?.focus();
  }, [playlists.length]);

  async function add(target: AddTarget) {
    if (busy !== null) return;
    setBusy(targetKey(target));
    try {
      await postForm('/api/input.php', addRequest(target, videoId));
      if (target.list === 'playlist') void refreshPlaylists(queryClient);
      // The list now holds the video: a kept copy of it must not show it missing.
      dropUnshown(queryClient, addedListPaths(target, user?.id));
      const { key, values } = addedMessage(target, videoTitle);
      toast('success', t(key, values));
      onClose();
    } catch (error) {
      setBusy(null);
      if (isApiError(error) && error.code === 'already_added')
        toast('error', t(alreadyKey(target)));
      else toastFailure(error);
    }
  }

  const choice = (target: AddTarget, label: string, meta?: string) => {
    const key = targetKey(target);
    return (
      <button
        type="button"
        className={styles.choice}
        aria-disabled={busy !== null ? true : undefined}
        aria-busy={busy === key ? true : undefined}
        onClick={() => void add(target)}
      >
        <span className={styles.name}>{label}</span>
        {meta ? <span className={styles.meta}>{meta}</span> : null}
      </button>
    );
  };

  return (
    <Modal title={t('addTo.title')} onClose={onClose}>
      <p className={styles.subject}>{videoTitle}</p>
      <ul className={styles.list}>
        <li>{choice({ list: 'favourite' }, t('addTo.favourites'))}</li>
        <li>{choice({ list: 'watch_later' }, t('addTo.watchLater'))}</li>
      </ul>
      <h3 id={headingId} className={styles.heading}>
        {t('addTo.playlists')}
      </h3>
      {playlists.length > 0 ? (
        <ul ref={list} className={`${styles.list} ${styles.playlists}`} aria-labelledby={headingId}>
          {playlists.map((playlist) => (
            <li key={playlist.playlist_id}>
              {choice(
                { list: 'playlist', playlistId: playlist.playlist_id, title: playlist.title },
                playlist.title,
                [
                  t('profile.videos', {
                    count: Number(playlist.total_videos),
                    n: shortCount(playlist.total_videos),
                  }),
                  playlist.private === '1' ? t('thumb.private') : '',
                ]
                  .filter(Boolean)
                  .join(' · '),
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <div role="status" className={styles.status}>
        {loading ? t('common.loading') : null}
        {!loading && !failed && pages[0]?.data && playlists.length === 0
          ? t('addTo.noPlaylists')
          : null}
      </div>
      {failed ? (
        <p className={styles.error}>
          {t('errors.general_error')}{' '}
          <button type="button" className={styles.linkButton} onClick={() => void failed.refetch()}>
            {t('errors.retry')}
          </button>
        </p>
      ) : null}
      <div className={styles.buttons}>
        {!loading && pageCount < totalPages ? (
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              focusFrom.current = playlists.length;
              setPageCount((count) => count + 1);
            }}
          >
            {t('addTo.more')}
          </button>
        ) : null}
        <button type="button" className={styles.primary} onClick={onNewPlaylist}>
          {t('addTo.newPlaylist')}
        </button>
      </div>
    </Modal>
  );
}

/** The reads that show the list a video was added to. */
function addedListPaths(target: AddTarget, userId: number | undefined): (path: string) => boolean {
  if (target.list === 'playlist') return playlistPaths(target.playlistId);
  const section = target.list === 'favourite' ? 'favourites' : 'watch-later';
  return sectionPaths(section, String(userId ?? 0));
}
