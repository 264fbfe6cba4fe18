import type { Gender } from '../../contracts/constants.ts';
import type { AlbumSort, PlaylistSort } from '../../contracts/playlists.paths.ts';
import type { Database } from '../../db/client.ts';
import {
  activeSql,
  albumListedSql,
  playlistListedSql,
  playlistLiveSql,
  playlistVisibleSql,
} from '../kernel/access/visibility.ts';
import { pageOfKept } from '../kernel/cache/kept.ts';
import { countRows } from '../kernel/db/estimate.ts';

// Hand-written SQL for playlists and albums. Public playlist lists use the partial indexes
// playlists_public_*_idx; a member's lists use playlists_user_idx / albums_user_idx.

export interface PlaylistRow {
  id: number;
  user_id: number;
  username: string;
  title: string;
  description: string;
  is_private: number;
  orientation: Gender;
  categories: { id: number; dir: string; title: string }[] | null;
  videos_count: number;
  views: number;
  top_video_ids: number[];
  created_at: Date;
  /** 1 active, 8 taken down (decision 0047). */
  status_id: number;
  /** The reason of the takedown in force, when taken down. */
  removed_reason: string | null;
}

/** What decides who may fetch an album's files. */
export interface AlbumAccessRow {
  status_id: number;
  is_private: number;
}

export interface AlbumRow {
  id: number;
  user_id: number;
  username: string;
  dir: string;
  title: string;
  description: string;
  status_id: number;
  is_private: number;
  photos_count: number;
  views: number;
  likes: number;
  dislikes: number;
  cover_photo_id: number | null;
  cover_version: number;
  post_date: Date;
  /** The reason of the takedown in force, when taken down (status 8, decision 0047). */
  removed_reason: string | null;
}

export interface PhotoRow {
  id: number;
  width: number;
  height: number;
  image_version: number;
}

// Sorts with a listing index (playlists_public_*_idx, albums_listed_*_idx) say NULLS LAST as
// the indexes are written, or the planner sorts every row instead of reading them in order.
const PLAYLIST_SORT: Record<PlaylistSort, string> = {
  latest: 'p.created_at DESC NULLS LAST, p.id DESC NULLS LAST',
  'most-popular': 'p.views DESC NULLS LAST, p.id DESC NULLS LAST',
  'most-videos': 'p.videos_count DESC, p.id DESC',
  alphabetical: 'lower(p.title), p.id',
};

const ALBUM_SORT: Record<AlbumSort, string> = {
  latest: 'a.post_date DESC NULLS LAST, a.id DESC NULLS LAST',
  'most-popular': 'a.views DESC NULLS LAST, a.id DESC NULLS LAST',
  'top-rated': 'a.likes DESC, a.id DESC',
  'most-commented': 'a.comments_count DESC, a.id DESC',
  'most-photos': 'a.photos_count DESC, a.id DESC',
};

/** Why a taken-down object (status 8) was removed: its takedown in force (decision 0047). */
const removedReasonSql = (type: 'playlist' | 'album', alias: string) =>
  `CASE WHEN ${alias}.status_id = 8 THEN (SELECT t.reason FROM takedowns t
     WHERE t.object_type = '${type}' AND t.object_id = ${alias}.id AND t.restored_at IS NULL)
   END AS removed_reason`;

const PLAYLIST_COLUMNS = `p.id, p.user_id, u.username, p.title, p.description, p.is_private,
  p.orientation, p.videos_count, p.views, p.top_video_ids, p.created_at, p.status_id,
  ${removedReasonSql('playlist', 'p')},
  (SELECT json_agg(json_build_object('id', c.id, 'dir', c.dir, 'title', c.title) ORDER BY c.title)
     FROM categories c WHERE c.id = ANY(p.category_ids)) AS categories`;

const ALBUM_COLUMNS = `a.id, a.user_id, u.username, a.dir, a.title, a.description, a.status_id,
  a.is_private, a.photos_count, a.views, a.likes, a.dislikes, a.cover_photo_id, a.post_date,
  coalesce((SELECT ph.image_version FROM photos ph WHERE ph.id = a.cover_photo_id), 0) AS cover_version,
  ${removedReasonSql('album', 'a')}`;

/** The rows of a page of ids picked by `idsSql`, in order. */
async function pageOf<T extends object>(
  database: Pick<Database, 'query'>,
  columns: string,
  table: string,
  alias: string,
  idsSql: string,
  params: unknown[],
): Promise<T[]> {
  return database.query<T>(
    `SELECT ${columns}
       FROM unnest(ARRAY(${idsSql})) WITH ORDINALITY AS page(id, ord)
       JOIN ${table} ${alias} ON ${alias}.id = page.id
       JOIN users u ON u.id = ${alias}.user_id
      ORDER BY page.ord`,
    params,
  );
}

export function createPlaylistRepository(database: Pick<Database, 'query'>) {
  return {
    /**
     * Playlists: public ones with videos (of one orientation, or all), or a member's own
     * (private ones included only when `withPrivate`).
     */
    async listPlaylists(opts: {
      gender: Gender | undefined;
      ownerId: number | undefined;
      withPrivate: boolean;
      sort: PlaylistSort;
      limit: number;
      offset: number;
      countCap: number;
      /** Where the total comes from: counted now unless the caller keeps it. */
      total?: (count: () => Promise<number>) => Promise<number>;
    }): Promise<{ rows: PlaylistRow[]; total: number }> {
      const params: unknown[] = [];
      const bind = (value: unknown) => {
        params.push(value);
        return `$${params.length}`;
      };
      const clauses: string[] = [];
      if (opts.ownerId !== undefined) {
        clauses.push(`p.user_id = ${bind(opts.ownerId)}`);
        // A taken-down playlist is in no list, its owner's own included (decision 0047).
        clauses.push(
          opts.withPrivate
            ? playlistLiveSql({ alias: 'p' })
            : playlistVisibleSql({ alias: 'p', seeAll: false }),
        );
      } else {
        clauses.push(playlistListedSql({ alias: 'p' }));
      }
      if (opts.gender) clauses.push(`p.orientation = ${bind(opts.gender)}`);
      const where = clauses.join(' AND ');
      const count = () => countRows(database, `playlists p WHERE ${where}`, params, opts.countCap);
      const total = await (opts.total ? opts.total(count) : count());
      return pageOfKept(total, opts.offset, () => {
        const limit = bind(opts.limit);
        const offset = bind(opts.offset);
        return pageOf<PlaylistRow>(
          database,
          PLAYLIST_COLUMNS,
          'playlists',
          'p',
          `SELECT p.id FROM playlists p WHERE ${where} ORDER BY ${PLAYLIST_SORT[opts.sort]} LIMIT ${limit} OFFSET ${offset}`,
          params,
        );
      });
    },

    async playlist(id: number): Promise<PlaylistRow | undefined> {
      const rows = await database.query<PlaylistRow>(
        `SELECT ${PLAYLIST_COLUMNS} FROM playlists p JOIN users u ON u.id = p.user_id WHERE p.id = $1`,
        [id],
      );
      return rows[0];
    },

    async thumbs(ids: number[]): Promise<{ id: number; media_version: number }[]> {
      if (ids.length === 0) return [];
      return database.query(
        `SELECT id, media_version FROM videos WHERE id = ANY($1::int[]) AND ${activeSql()}`,
        [ids],
      );
    },

    /**
     * Active albums: every listed one of an orientation (private ones never), or all of a
     * member's whatever their orientation (private ones only when `withPrivate`).
     */
    async listAlbums(opts: {
      gender: Gender;
      ownerId: number | undefined;
      withPrivate: boolean;
      sort: AlbumSort;
      limit: number;
      offset: number;
      countCap: number;
      /** Where the total comes from: counted now unless the caller keeps it. */
      total?: (count: () => Promise<number>) => Promise<number>;
    }): Promise<{ rows: AlbumRow[]; total: number }> {
      const params: unknown[] = [];
      const clauses = [albumListedSql({ alias: 'a', withPrivate: opts.withPrivate })];
      if (opts.ownerId !== undefined) {
        params.push(opts.ownerId);
        clauses.push(`a.user_id = $${params.length}`);
      } else {
        params.push(opts.gender);
        clauses.push(`a.gender = $${params.length}`);
      }
      const where = clauses.join(' AND ');
      const count = () => countRows(database, `albums a WHERE ${where}`, params, opts.countCap);
      const total = await (opts.total ? opts.total(count) : count());
      return pageOfKept(total, opts.offset, () => {
        params.push(opts.limit, opts.offset);
        return pageOf<AlbumRow>(
          database,
          ALBUM_COLUMNS,
          'albums',
          'a',
          `SELECT a.id FROM albums a WHERE ${where} ORDER BY ${ALBUM_SORT[opts.sort]}
            LIMIT $${params.length - 1} OFFSET $${params.length}`,
          params,
        );
      });
    },

    async album(id: number): Promise<AlbumRow | undefined> {
      const rows = await database.query<AlbumRow>(
        `SELECT ${ALBUM_COLUMNS} FROM albums a JOIN users u ON u.id = a.user_id WHERE a.id = $1`,
        [id],
      );
      return rows[0];
    },

    async albumVisibility(id: number): Promise<AlbumAccessRow | undefined> {
      const rows = await database.query<AlbumAccessRow>(
        'SELECT status_id, is_private FROM albums WHERE id = $1',
        [id],
      );
      return rows[0];
    },

    async photos(albumId: number): Promise<PhotoRow[]> {
      return database.query<PhotoRow>(
        'SELECT id, width, height, image_version FROM photos WHERE album_id = $1 ORDER BY position, id',
        [albumId],
      );
    },

    async memberExists(id: number): Promise<boolean> {
      const rows = await database.query('SELECT 1 FROM users WHERE id = $1 AND status = 1', [id]);
      return rows.length > 0;
    },
  };
}

export type PlaylistRepository = ReturnType<typeof createPlaylistRepository>;
