import type { FieldError } from '../../../contracts/auth.rules.ts';
import {
  CATEGORY_SELECTION_MAX,
  DEFAULT_GENDER,
  type Gender,
} from '../../../contracts/constants.ts';
import { checkPlaylist } from '../../../contracts/input.rules.ts';
import type { PlaylistItem } from '../../../contracts/playlists.schema.ts';

// The values of the playlist form (SPEC.md §5 Playlist form) and the input.php fields they
// become. The bounds themselves are the contract's (checkPlaylist), shared with the server.

export interface ChosenCategory {
  id: string;
  title: string;
}

export interface PlaylistFormValues {
  title: string;
  desc: string;
  /** `1` public, `0` private. */
  visible: '0' | '1';
  orientation: Gender;
  categories: ChosenCategory[];
}

/** The fields the form shows errors next to; any other failure belongs to the whole form. */
export const PLAYLIST_FIELDS = ['title', 'desc', 'visible', 'orientation', 'categories'] as const;

/** A new playlist: public, straight (SPEC.md §5: orientation defaults to str), empty. */
export function emptyPlaylist(orientation: Gender = DEFAULT_GENDER): PlaylistFormValues {
  return { title: '', desc: '', visible: '1', orientation, categories: [] };
}

/** The form values of an existing playlist, for editing it. */
export function playlistValuesOf(
  playlist: Pick<PlaylistItem, 'title' | 'description' | 'private' | 'orientation' | 'categories'>,
): PlaylistFormValues {
  return {
    title: playlist.title,
    desc: playlist.description,
    visible: playlist.private === '1' ? '0' : '1',
    orientation: playlist.orientation,
    categories: playlist.categories.map(({ id, title }) => ({ id, title })),
  };
}

/** The rules' failures before the call. */
export function checkPlaylistForm(values: PlaylistFormValues): FieldError[] {
  return checkPlaylist({ title: values.title, desc: values.desc, categories: values.categories });
}

/** The input.php fields of the values (without act, section and the ids). */
export function playlistFields(values: PlaylistFormValues): Record<string, string> {
  return {
    title: values.title.trim(),
    desc: values.desc.trim(),
    visible: values.visible,
    orientation: values.orientation,
    categories: values.categories.map((category) => category.id).join(','),
  };
}

/**
 * The chosen categories after a click on one: removed when chosen, added when there is
 * room (SPEC.md §4: once 3 are chosen the others are disabled), unchanged otherwise.
 */
export function toggleCategory(
  chosen: readonly ChosenCategory[],
  category: ChosenCategory,
  max: number = CATEGORY_SELECTION_MAX,
): ChosenCategory[] {
  if (chosen.some((c) => c.id === category.id)) return chosen.filter((c) => c.id !== category.id);
  if (chosen.length >= max) return [...chosen];
  return [...chosen, category];
}
