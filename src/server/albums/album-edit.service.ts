import type { AlbumFields } from '../../contracts/album.rules.ts';
import { ALBUM_LIMITS, albumDirOf } from '../../contracts/album.rules.ts';
import { AppError } from '../../contracts/errors.ts';
import type { AlbumEditAnswer, AlbumResponse } from '../../contracts/playlists.schema.ts';
import { albumDir, albumPhotoKey, albumPhotoThumbKey } from '../../media/keys.ts';
import type { MediaStorage } from '../../media/storage.ts';
import {
  type Action,
  type OwnerFilter,
  ownerFilter,
  requireAccess,
} from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import type { AlbumEditRepository, AlbumOutcome, AlbumRefusal } from './album-edit.repository.ts';

// The rules of `POST /api/album_edit.php` (docs/decisions/0032): the access policy lets
// only the album's owner change it (a visitor gets `need_auth`, another member `no_permission`, a missing or
// deleted album `not_found`); an album holds at most ALBUM_LIMITS.photosMax photos; each
// change is one transaction with its counters, then the cached answers that showed the
// album are forgotten, and the files of what was removed are deleted, so they are no
// longer served.

/** A photo checked and rendered (album-images.ts), waiting to be stored. */
export interface RenderedPhoto {
  photo: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

export interface AlbumEditDeps {
  albums: AlbumEditRepository;
  storage: Pick<MediaStorage, 'put' | 'remove'>;
  /** The album as the member sees it (playlist.service `album`). */
  album(id: number, viewer: Viewer): Promise<AlbumResponse>;
  /** After a change: forget what caches keep of the album and of its lists. */
  changed(albumId: number): void;
}

function refusal(code: AlbumRefusal): AppError {
  switch (code) {
    case 'not_found':
      return new AppError('not_found', { field: 'album_id' });
    case 'album_photos_limit':
      return photosLimit();
    case 'bad_cover':
      return AppError.form([{ field: 'cover_photo_id', code: 'invalid_params' }]);
    case 'bad_order':
      return AppError.form([{ field: 'order', code: 'invalid_params' }]);
    case 'photo_not_found':
      return new AppError('not_found', { field: 'photo_id' });
  }
}

export function photosLimit(): AppError {
  return new AppError('album_photos_limit', {
    field: 'file',
    codes: [{ field: 'file', code: 'album_photos_limit' }],
    info: { max: ALBUM_LIMITS.photosMax },
  });
}

function settle<T>(outcome: AlbumOutcome<T>): T {
  if (!outcome.ok) throw refusal(outcome.refusal);
  return outcome.value;
}

export function createAlbumEditService(deps: AlbumEditDeps) {
  /** The policy's answer for a change of the album, as the repository's owner filter. */
  async function allowed(viewer: Viewer, action: Action, albumId: number): Promise<OwnerFilter> {
    const album = await deps.albums.editable(albumId);
    if (!album) throw refusal('not_found');
    return ownerFilter(
      viewer,
      requireAccess(viewer, action, 'album', { ownerId: album.user_id, field: 'album_id' }),
    );
  }

  const answer = async (albumId: number, viewer: Viewer): Promise<AlbumEditAnswer> => ({
    success: 1,
    album: (await deps.album(albumId, viewer)).album,
  });

  return {
    async create(viewer: Viewer, fields: AlbumFields): Promise<AlbumEditAnswer> {
      const id = await deps.albums.create(viewer.userId, {
        dir: albumDirOf(fields.title),
        title: fields.title,
        description: fields.desc,
        isPrivate: fields.private,
      });
      deps.changed(id);
      return { ...(await answer(id, viewer)), album_id: String(id) };
    },

    /**
     * Before an upload's files are read: the album must be the member's, with room for
     * `count` more photos. The transaction of `addPhotos` checks again.
     */
    async checkUpload(viewer: Viewer, albumId: number, count: number): Promise<void> {
      const album = await deps.albums.editable(albumId);
      if (!album) throw refusal('not_found');
      requireAccess(viewer, 'update', 'album', { ownerId: album.user_id, field: 'album_id' });
      if (album.photos_count + count > ALBUM_LIMITS.photosMax) throw photosLimit();
    },

    async addPhotos(
      viewer: Viewer,
      albumId: number,
      photos: readonly RenderedPhoto[],
    ): Promise<AlbumEditAnswer> {
      const filter = await allowed(viewer, 'update', albumId);
      const written: string[] = [];
      try {
        settle(
          await deps.albums.addPhotos(filter, albumId, photos, async (ids) => {
            for (const [index, id] of ids.entries()) {
              const photo = photos[index] as RenderedPhoto;
              for (const [key, data] of [
                [albumPhotoKey(albumId, id), photo.photo],
                [albumPhotoThumbKey(albumId, id), photo.thumb],
              ] as const) {
                await deps.storage.put(key, data);
                written.push(key);
              }
            }
          }),
        );
      } catch (error) {
        // The rows were rolled back: files of ids that do not exist must not linger.
        await Promise.all(written.map((key) => deps.storage.remove(key).catch(() => undefined)));
        throw error;
      }
      deps.changed(albumId);
      return answer(albumId, viewer);
    },

    async update(
      viewer: Viewer,
      albumId: number,
      change: { fields: Partial<AlbumFields>; coverPhotoId?: number; order?: number[] },
    ): Promise<AlbumEditAnswer> {
      const { title, desc } = change.fields;
      const filter = await allowed(viewer, 'update', albumId);
      settle(
        await deps.albums.update(filter, albumId, {
          ...(title !== undefined ? { title, dir: albumDirOf(title) } : {}),
          ...(desc !== undefined ? { description: desc } : {}),
          ...(change.fields.private !== undefined ? { isPrivate: change.fields.private } : {}),
          ...(change.coverPhotoId !== undefined ? { coverPhotoId: change.coverPhotoId } : {}),
          ...(change.order !== undefined ? { order: change.order } : {}),
        }),
      );
      deps.changed(albumId);
      return answer(albumId, viewer);
    },

    async removePhoto(viewer: Viewer, albumId: number, photoId: number): Promise<AlbumEditAnswer> {
      settle(
        await deps.albums.removePhoto(await allowed(viewer, 'update', albumId), albumId, photoId),
      );
      deps.changed(albumId);
      await Promise.all(
        [albumPhotoKey(albumId, photoId), albumPhotoThumbKey(albumId, photoId)].map((key) =>
          deps.storage.remove(key),
        ),
      );
      return answer(albumId, viewer);
    },

    async remove(viewer: Viewer, albumId: number): Promise<AlbumEditAnswer> {
      settle(await deps.albums.remove(await allowed(viewer, 'delete', albumId), albumId));
      deps.changed(albumId);
      await deps.storage.remove(albumDir(albumId));
      return { success: 1 };
    },
  };
}

export type AlbumEditService = ReturnType<typeof createAlbumEditService>;
