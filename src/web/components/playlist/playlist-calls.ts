import { postForm } from '../../api/client.ts';
import { type PlaylistFormValues, playlistFields } from './playlist-form.rules.ts';

// The input.php calls of the playlist form (SPEC.md §7): create, optionally with a first
// video, and change. Both throw the ApiError of a refusal, field errors in its `codes`.

export function createPlaylist(
  values: PlaylistFormValues,
  videoId?: string | number,
): Promise<{ success: 1; playlist_id: string }> {
  return postForm('/api/input.php', {
    act: 'playlist',
    section: 'new',
    ...playlistFields(values),
    ...(videoId === undefined ? {} : { video_id: String(videoId) }),
  });
}

export function updatePlaylist(
  playlistId: string | number,
  values: PlaylistFormValues,
): Promise<{ success: 1 }> {
  return postForm('/api/input.php', {
    act: 'playlist',
    section: 'upd',
    object_id: String(playlistId),
    ...playlistFields(values),
  });
}
