import type { AlbumEditAnswer } from '../../../contracts/playlists.schema.ts';
import { ApiError, postForm, postMultipartWithProgress } from '../../api/client.ts';

// The calls of the album screens (SPEC.md §7 `POST /api/album_edit.php`). Photos go up as
// multipart through XMLHttpRequest, the one browser API that reports upload progress; the
// other sections are small forms.

const ALBUM_EDIT = '/api/album_edit.php';

export type AlbumDetail = NonNullable<AlbumEditAnswer['album']>;

export interface AlbumFormValues {
  title: string;
  desc: string;
  private: boolean;
}

const fields = (values: AlbumFormValues) => ({
  title: values.title,
  desc: values.desc,
  private: values.private ? '1' : '0',
});

async function edit(form: Record<string, string>): Promise<AlbumEditAnswer> {
  return postForm<AlbumEditAnswer>(ALBUM_EDIT, form);
}

/** The album an answer carries (every section but del). */
function albumOf(answer: AlbumEditAnswer): AlbumDetail {
  if (!answer.album) throw new ApiError(500, { error: 'No album', code: 'general_error' });
  return answer.album;
}

export const createAlbum = async (values: AlbumFormValues) =>
  albumOf(await edit({ section: 'new', ...fields(values) }));

export const updateAlbum = async (albumId: string, values: AlbumFormValues) =>
  albumOf(await edit({ section: 'upd', album_id: albumId, ...fields(values) }));

export const setAlbumCover = async (albumId: string, photoId: string) =>
  albumOf(await edit({ section: 'upd', album_id: albumId, cover_photo_id: photoId }));

export const orderAlbum = async (albumId: string, photoIds: string[]) =>
  albumOf(await edit({ section: 'upd', album_id: albumId, order: photoIds.join(',') }));

export const removePhoto = async (albumId: string, photoId: string) =>
  albumOf(await edit({ section: 'rem', album_id: albumId, photo_id: photoId }));

export async function deleteAlbum(albumId: string): Promise<void> {
  await edit({ section: 'del', album_id: albumId });
}

/**
 * Uploads one photo; `onProgress` gets the share sent (0-1). Resolves with the album
 * holding it, or rejects with the ApiError of the refusal.
 */
export function uploadPhoto(
  albumId: string,
  file: File,
  csrf: string,
  onProgress: (sent: number) => void,
): Promise<AlbumDetail> {
  const body = new FormData();
  // The section and album go before the file: the server reads them first.
  body.append('section', 'add');
  body.append('album_id', albumId);
  body.append('file', file);
  return postMultipartWithProgress<AlbumEditAnswer>(ALBUM_EDIT, body, onProgress, csrf).then(
    albumOf,
  );
}
