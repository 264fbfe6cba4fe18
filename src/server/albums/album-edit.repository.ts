import { ALBUM_LIMITS } from '../../contracts/album.rules.ts';
import type { Database } from '../../db/client.ts';
import type { OwnerFilter } from '../kernel/access/policy.ts';
import { activeSql } from '../kernel/access/visibility.ts';

// Hand-written SQL of `POST /api/album_edit.php`: a member's own albums and photos. Every
// change locks the album row first, within the owner filter the service got from the access
// policy, so two calls at once (two tabs uploading) cannot pass the photo limit or leave photos_count,
// the cover or the order disagreeing with the photos.

type Tx = Pick<Database, 'query'>;

/** Why a change did not happen; the service turns it into the failure of the catalogue. */
export type AlbumRefusal =
  | 'not_found'
  | 'album_photos_limit'
  | 'bad_cover'
  | 'bad_order'
  | 'photo_not_found';

export type AlbumOutcome<T = true> = { ok: true; value: T } | { ok: false; refusal: AlbumRefusal };

export interface EditableAlbum {
  id: number;
  user_id: number;
  photos_count: number;
}

export interface NewPhoto {
  width: number;
  height: number;
}

const refuse = (refusal: AlbumRefusal) => ({ ok: false, refusal }) as const;

/** The album, locked for the rest of the transaction, if it is active and within the filter. */
async function lockAlbum(
  tx: Tx,
  filter: OwnerFilter,
  albumId: number,
): Promise<EditableAlbum | AlbumRefusal> {
  const [row] =
    filter.ownerId === undefined
      ? await tx.query<EditableAlbum>(
          `SELECT id, user_id, photos_count FROM albums WHERE id = $1 AND ${activeSql()} FOR UPDATE`,
          [albumId],
        )
      : await tx.query<EditableAlbum>(
          `SELECT id, user_id, photos_count FROM albums
            WHERE id = $1 AND user_id = $2 AND ${activeSql()} FOR UPDATE`,
          [albumId, filter.ownerId],
        );
  return row ?? 'not_found';
}

export function createAlbumEditRepository(database: Pick<Database, 'query' | 'transaction'>) {
  return {
    async create(
      userId: number,
      album: { dir: string; title: string; description: string; isPrivate: 0 | 1 },
    ): Promise<number> {
      const [row] = await database.query<{ id: number }>(
        `INSERT INTO albums (user_id, dir, title, description, is_private)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [userId, album.dir, album.title, album.description, album.isPrivate],
      );
      if (!row) throw new Error('album insert returned nothing');
      return Number(row.id);
    },

    /** The album as an upload checks it before reading the files (no lock). */
    async editable(albumId: number): Promise<EditableAlbum | undefined> {
      const [row] = await database.query<EditableAlbum>(
        `SELECT id, user_id, photos_count FROM albums WHERE id = $1 AND ${activeSql()}`,
        [albumId],
      );
      return row;
    },

    /**
     * Adds photos after the album's last one, and `store` writes their files (by the new
     * ids, in the order given) before the transaction commits: a failed write leaves no row.
     * The first photo of an album without a cover becomes its cover.
     */
    addPhotos(
      filter: OwnerFilter,
      albumId: number,
      photos: readonly NewPhoto[],
      store: (photoIds: number[]) => Promise<void>,
    ): Promise<AlbumOutcome<number[]>> {
      return database.transaction(async (tx) => {
        const album = await lockAlbum(tx, filter, albumId);
        if (typeof album === 'string') return refuse(album);
        if (album.photos_count + photos.length > ALBUM_LIMITS.photosMax) {
          return refuse('album_photos_limit');
        }
        const rows = await tx.query<{ id: number; position: number }>(
          `INSERT INTO photos (album_id, position, width, height, image_version)
           SELECT $1, base.last + p.n, p.width, p.height, 1
             FROM unnest($2::int[], $3::int[]) WITH ORDINALITY AS p(width, height, n),
                  (SELECT coalesce(max(position), 0) AS last FROM photos WHERE album_id = $1) base
           RETURNING id, position`,
          [albumId, photos.map((p) => p.width), photos.map((p) => p.height)],
        );
        // In the order given: positions follow it.
        const ids = rows.sort((a, b) => a.position - b.position).map((row) => Number(row.id));
        await tx.query(
          `UPDATE albums SET photos_count = photos_count + $2,
                  cover_photo_id = coalesce(cover_photo_id, $3), updated_at = now()
            WHERE id = $1`,
          [albumId, ids.length, ids[0]],
        );
        await store(ids);
        return { ok: true, value: ids };
      });
    },

    /** Changes the fields given, the cover (one of its photos) and the order (all of them). */
    update(
      filter: OwnerFilter,
      albumId: number,
      change: {
        dir?: string;
        title?: string;
        description?: string;
        isPrivate?: 0 | 1;
        coverPhotoId?: number;
        order?: number[];
      },
    ): Promise<AlbumOutcome> {
      return database.transaction(async (tx) => {
        const album = await lockAlbum(tx, filter, albumId);
        if (typeof album === 'string') return refuse(album);
        if (change.coverPhotoId !== undefined) {
          const found = await tx.query('SELECT 1 FROM photos WHERE id = $1 AND album_id = $2', [
            change.coverPhotoId,
            albumId,
          ]);
          if (found.length === 0) return refuse('bad_cover');
        }
        if (change.order) {
          const [same] = await tx.query<{ same: boolean }>(
            `SELECT coalesce(array_agg(id ORDER BY id), '{}') = (SELECT array_agg(x ORDER BY x) FROM unnest($2::int[]) x) AS same
               FROM photos WHERE album_id = $1`,
            [albumId, change.order],
          );
          if (!same?.same) return refuse('bad_order');
          await tx.query(
            `UPDATE photos p SET position = o.n
               FROM unnest($2::int[]) WITH ORDINALITY AS o(id, n)
              WHERE p.id = o.id AND p.album_id = $1`,
            [albumId, change.order],
          );
        }
        await tx.query(
          `UPDATE albums SET dir = coalesce($2, dir), title = coalesce($3, title),
                  description = coalesce($4, description), is_private = coalesce($5, is_private),
                  cover_photo_id = coalesce($6, cover_photo_id), updated_at = now()
            WHERE id = $1`,
          [
            albumId,
            change.dir ?? null,
            change.title ?? null,
            change.description ?? null,
            change.isPrivate ?? null,
            change.coverPhotoId ?? null,
          ],
        );
        return { ok: true, value: true };
      });
    },

    /** Takes a photo out; a removed cover passes to the first photo left. */
    removePhoto(filter: OwnerFilter, albumId: number, photoId: number): Promise<AlbumOutcome> {
      return database.transaction(async (tx) => {
        const album = await lockAlbum(tx, filter, albumId);
        if (typeof album === 'string') return refuse(album);
        const removed = await tx.query(
          'DELETE FROM photos WHERE id = $1 AND album_id = $2 RETURNING id',
          [photoId, albumId],
        );
        if (removed.length === 0) return refuse('photo_not_found');
        await tx.query(
          `UPDATE albums SET photos_count = photos_count - 1, updated_at = now(),
                  cover_photo_id = CASE WHEN cover_photo_id = $2
                    THEN (SELECT id FROM photos WHERE album_id = $1 ORDER BY position, id LIMIT 1)
                    ELSE cover_photo_id END
            WHERE id = $1`,
          [albumId, photoId],
        );
        return { ok: true, value: true };
      });
    },

    /** Deletes the album with its photos, comments and votes. */
    remove(filter: OwnerFilter, albumId: number): Promise<AlbumOutcome> {
      return database.transaction(async (tx) => {
        const album = await lockAlbum(tx, filter, albumId);
        if (typeof album === 'string') return refuse(album);
        await tx.query("DELETE FROM comments WHERE section = 'album' AND object_id = $1", [
          albumId,
        ]);
        await tx.query("DELETE FROM votes WHERE section = 'album' AND object_id = $1", [albumId]);
        // Photos go with it (ON DELETE CASCADE).
        await tx.query('DELETE FROM albums WHERE id = $1', [albumId]);
        return { ok: true, value: true };
      });
    },
  };
}

export type AlbumEditRepository = ReturnType<typeof createAlbumEditRepository>;
