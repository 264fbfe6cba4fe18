import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { PlaylistItem } from '../../../contracts/playlists.schema.ts';
import { postForm } from '../../api/client.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import { playlistValuesOf } from '../playlist/playlist-form.rules.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import styles from './owner.module.css';
import { isOwner, playlistPaths } from './owner-lists.ts';
import { dropUnshown, invalidatePaths, playlistLists, reloadQueries } from './owner-refresh.ts';

// Edit and Delete of a playlist, for its owner only (SPEC.md §6). Edit opens the playlist
// form (ActionPlaylist modal) with the playlist's values and saves with section=upd; Delete
// asks first, then section=del. Either ends with its toast (SPEC.md §8) on the member's
// playlists page (SPEC.md §4), which shows the change.

const PlaylistModal = lazy(() => import('../playlist/playlist-modal.tsx'));

export function PlaylistOwnerActions({ playlist }: { playlist: PlaylistItem }) {
  const { t } = useTranslation();
  const { user } = useGlobals();
  const { toast, toastFailure } = useOverlays();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user || !isOwner(user, playlist.user.id)) return null;

  const id = playlist.playlist_id;
  const playlistsPage = `/members/${user.id}/playlists/1/`;
  const onPlaylistsTab = location.pathname.startsWith(`/members/${user.id}/playlists/`);
  const close = () => setDialog(null);

  async function remove() {
    setBusy(true);
    try {
      await postForm('/api/input.php', { act: 'playlist', section: 'del', object_id: id });
    } catch (error) {
      setBusy(false);
      close();
      toastFailure(error);
      return;
    }
    toast('success', t('notify.playlist_deleted'));
    close();
    setBusy(false);
    await leaveForPlaylists();
    // The playlist is gone: nothing kept of it may show again.
    dropUnshown(queryClient, playlistPaths(id));
  }

  /** SPEC.md §4: the member's playlists page follows, read fresh; shown lists read again. */
  async function leaveForPlaylists() {
    if (!onPlaylistsTab) {
      dropUnshown(queryClient, playlistLists);
      await navigate(playlistsPage);
    }
    await invalidatePaths(queryClient, playlistLists);
  }

  return (
    <div className={styles.actions}>
      <button
        type="button"
        className={styles.action}
        aria-haspopup="dialog"
        aria-label={t('owner.editNamed', { title: playlist.title })}
        onClick={() => setDialog('edit')}
      >
        {t('owner.edit')}
      </button>
      <button
        type="button"
        className={`${styles.action} ${styles.destructive}`}
        aria-haspopup="dialog"
        aria-label={t('owner.deleteNamed', { title: playlist.title })}
        onClick={() => setDialog('delete')}
      >
        {t('owner.delete')}
      </button>
      {dialog === 'edit' ? (
        <Suspense fallback={null}>
          <PlaylistModal
            mode={{ section: 'upd', initial: playlistValuesOf(playlist), playlistId: id }}
            onSaved={() => {
              toast('success', t('notify.playlist_changed'));
              close();
              // The playlist's own answers may sit in the browser's cache: read past it.
              void reloadQueries(queryClient, playlistPaths(id));
              void leaveForPlaylists();
            }}
            onClose={close}
          />
        </Suspense>
      ) : null}
      {dialog === 'delete' ? (
        <ConfirmDialog
          title={t('owner.deleteTitle')}
          text={t('owner.deleteText', { title: playlist.title })}
          confirmLabel={t('owner.deleteConfirm')}
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={close}
        />
      ) : null}
    </div>
  );
}
