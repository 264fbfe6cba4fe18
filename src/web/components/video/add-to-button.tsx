import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toastTitle } from '../../../contracts/format.ts';
import type { VideoDetail } from '../../../contracts/video.schema.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { withBrowseMessages } from '../../i18n/messages.client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useOverlays } from '../overlays/overlays.tsx';

// The "Add to" button of the video page (SPEC.md §4 Add-to, §6). A visitor gets the Login
// modal; a member the AddTo modal, whose "New playlist" opens the ActionPlaylist form for a
// playlist that starts with this video. Both modals load when first opened.

// Their words come with them (messages.client.ts): the video page's first load has not.
const AddToModal = lazy(withBrowseMessages(() => import('./add-to-modal.tsx')));
const NewPlaylistModal = lazy(withBrowseMessages(() => import('./new-playlist-modal.tsx')));

type Dialog = 'addTo' | 'newPlaylist' | null;

export function AddToButton({
  video,
  className,
}: {
  video: Pick<VideoDetail, 'video_id' | 'title' | 'gender'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const { user } = useGlobals();
  const { openModal, toast } = useOverlays();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // The new-playlist form replaces the AddTo modal, whose button it was opened from: when
  // the last dialog closes the focus comes back here rather than to the page's start.
  useEffect(() => {
    if (dialog !== null) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      button.current?.focus();
    }
  }, [dialog]);

  const close = () => setDialog(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={() => (user ? setDialog('addTo') : openModal('login'))}
      >
        {t('addTo.button')}
      </button>
      {dialog === 'addTo' ? (
        <Suspense fallback={null}>
          <AddToModal
            videoId={video.video_id}
            videoTitle={video.title}
            onNewPlaylist={() => setDialog('newPlaylist')}
            onClose={close}
          />
        </Suspense>
      ) : null}
      {dialog === 'newPlaylist' ? (
        <Suspense fallback={null}>
          <NewPlaylistModal
            gender={video.gender}
            videoId={video.video_id}
            onSaved={({ values }) => {
              toast(
                'success',
                t('notify.playlist_created_added', { title: toastTitle(values.title) }),
              );
              close();
              // SPEC.md §4: after creating a playlist the member's playlists page opens.
              if (user) void navigate(`/members/${user.id}/playlists/1/`);
            }}
            onClose={close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
