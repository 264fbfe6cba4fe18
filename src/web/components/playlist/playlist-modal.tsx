import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Modal } from '../overlays/modal.tsx';
import { createPlaylist, updatePlaylist } from './playlist-calls.ts';
import type { PlaylistFormValues } from './playlist-form.rules.ts';
import { PlaylistForm } from './playlist-form.tsx';

// The ActionPlaylist modal (SPEC.md §2 "Modals", §4 Playlist create/edit): the playlist
// form creating a playlist (with a first video when opened from Add to) or changing one.
// What follows a success (toast, navigation) is the caller's.

export type PlaylistModalMode =
  | { section: 'new'; initial: PlaylistFormValues; videoId?: string }
  | { section: 'upd'; initial: PlaylistFormValues; playlistId: string };

export interface SavedPlaylist {
  playlistId: string;
  values: PlaylistFormValues;
}

/** Lists and pages that show playlists read again after a change. */
export function refreshPlaylists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'api' &&
      typeof queryKey[1] === 'string' &&
      (queryKey[1].startsWith('/api/json/playlists/') ||
        queryKey[1].startsWith('/api/json/playlist/')),
  });
}

export default function PlaylistModal({
  mode,
  onSaved,
  onClose,
}: {
  mode: PlaylistModalMode;
  onSaved: (saved: SavedPlaylist) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  async function save(values: PlaylistFormValues) {
    let playlistId: string;
    if (mode.section === 'new') {
      playlistId = (await createPlaylist(values, mode.videoId)).playlist_id;
    } else {
      await updatePlaylist(mode.playlistId, values);
      playlistId = mode.playlistId;
    }
    void refreshPlaylists(queryClient);
    onSaved({ playlistId, values });
  }

  return (
    <Modal
      title={mode.section === 'new' ? t('playlistForm.newTitle') : t('playlistForm.editTitle')}
      onClose={onClose}
    >
      <PlaylistForm
        initial={mode.initial}
        submitLabel={mode.section === 'new' ? t('playlistForm.create') : t('playlistForm.save')}
        onSubmit={save}
        onCancel={onClose}
      />
    </Modal>
  );
}
