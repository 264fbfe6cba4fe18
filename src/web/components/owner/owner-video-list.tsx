import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { VideoListItem, VideoListResponse } from '../../../contracts/video.schema.ts';
import { postForm } from '../../api/client.ts';
import { apiQuery } from '../../api/query.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import { VideoGrid } from '../video-grid.tsx';
import styles from './owner.module.css';
import {
  type OwnerList,
  pageSizeOf,
  playlistPaths,
  removeLabelKey,
  removeRequest,
  sectionPaths,
  withoutVideo,
} from './owner-lists.ts';
import { invalidatePaths, playlistLists, reloadQueries } from './owner-refresh.ts';
import { OwnerRemoveButton } from './owner-remove-button.tsx';

// A page of the owner's own list with a remove button on each thumb (SPEC.md §6). A removal
// is an input.php call; on success the thumb goes at once, the count with it, a toast says
// so (SPEC.md §8 "video removed") and the list is read again so the next page's first video
// moves up. The focus moves to the next thumb's button, or to the empty message.

/** Which of the member's list reads a removal changes. */
function changedPaths(target: OwnerList, userId: number): (path: string) => boolean {
  switch (target.list) {
    case 'watch_later':
      return sectionPaths('watch-later', String(userId));
    case 'favourite':
      return sectionPaths('favourites', String(userId));
    case 'playlist':
      return playlistPaths(target.playlistId);
  }
}

export function OwnerVideoList({
  videos,
  target,
  listPath,
  empty,
  href,
}: {
  videos: VideoListItem[];
  target: OwnerList;
  /** The API path of the page shown (its query is updated in place). */
  listPath: string;
  /** Shown when the page has no videos (also after the last one is removed). */
  empty: string;
  /** Where each thumb leads, when not simply the video's page (a playlist's items). */
  href?: ((video: VideoListItem) => string) | undefined;
}) {
  const { t } = useTranslation();
  const { user } = useGlobals();
  const { toast, toastFailure } = useOverlays();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const wrapper = useRef<HTMLDivElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const focusAt = useRef<number | null>(null);

  // After a removal the list re-renders without the thumb; the focus goes where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the videos change
  useEffect(() => {
    const index = focusAt.current;
    if (index === null) return;
    focusAt.current = null;
    const buttons = wrapper.current?.querySelectorAll<HTMLButtonElement>('[data-owner-remove]');
    const next = buttons?.[Math.min(index, buttons.length - 1)];
    if (next) next.focus();
    else emptyRef.current?.focus();
  }, [videos]);

  const setVideoBusy = (id: string, on: boolean) =>
    setBusy((now) => {
      const copy = new Set(now);
      if (on) copy.add(id);
      else copy.delete(id);
      return copy;
    });

  async function remove(video: VideoListItem) {
    if (!user || busy.has(video.video_id)) return;
    setVideoBusy(video.video_id, true);
    try {
      await postForm('/api/input.php', removeRequest(target, video.video_id));
    } catch (error) {
      setVideoBusy(video.video_id, false);
      // SPEC.md §8: a watch-later failure says general_error; the others their code.
      if (target.list === 'watch_later') toast('error', t('errors.general_error'));
      else toastFailure(error);
      return;
    }
    const changed = changedPaths(target, user.id);
    const { queryKey } = apiQuery<VideoListResponse>(listPath);
    // A read still under way would put the video back: it is dropped for the one below.
    await queryClient.cancelQueries({ queryKey });
    focusAt.current = videos.findIndex((item) => item.video_id === video.video_id);
    queryClient.setQueryData(
      queryKey,
      (page) => page && withoutVideo(page, video.video_id, pageSizeOf(listPath)),
    );
    setVideoBusy(video.video_id, false);
    toast('success', t('notify.video_removed'));
    if (target.list === 'playlist') {
      // Public answers the browser may keep: read past its cache (owner-refresh.ts).
      await reloadQueries(queryClient, changed);
      void invalidatePaths(queryClient, playlistLists);
    } else {
      await invalidatePaths(queryClient, changed);
    }
  }

  if (videos.length === 0) {
    return (
      <p ref={emptyRef} className={styles.empty} tabIndex={-1}>
        {empty}
      </p>
    );
  }
  return (
    <div ref={wrapper}>
      <VideoGrid
        videos={videos}
        eagerCount={4}
        href={href}
        overlay={(video) => (
          <OwnerRemoveButton
            label={t(removeLabelKey(target), { title: video.title })}
            busy={busy.has(video.video_id)}
            onRemove={() => void remove(video)}
          />
        )}
      />
    </div>
  );
}
