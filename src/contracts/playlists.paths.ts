import { GENDERS, type Gender } from './constants.ts';
import { thousandsFolder } from './folders.ts';
import { type ParseResult, parseCount, parseId, parseLifetime } from './paths.ts';

// Path grammar of the playlist and album calls (SPEC.md §7; the album list path is ours).

function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

const fail = (field: string, code: 'invalid_params' | 'invalid_sort' = 'invalid_params') =>
  ({ ok: false, code, field }) as const;

/**
 * Sections: `` public playlists; `members` a member's (object_id) playlists, private ones
 * to the owner only; `add-to` the signed-in member's own, for the add-to dialog.
 */
export const PLAYLIST_SECTIONS = ['', 'members', 'add-to'] as const;
export type PlaylistSection = (typeof PLAYLIST_SECTIONS)[number];
export const PLAYLIST_SORTS = ['latest', 'most-popular', 'most-videos', 'alphabetical'] as const;
export type PlaylistSort = (typeof PLAYLIST_SORTS)[number];

export interface PlaylistsParams {
  lifetime: number;
  sort: PlaylistSort;
  count: number;
  section: PlaylistSection;
  page: number;
  /** Orientation of the playlists; undefined = every section. */
  gender: Gender | undefined;
  objectId: number | undefined;
}

/** A video's page when watched from a playlist (SPEC.md §2: the playlist query is appended). */
export function playlistVideoUrl(
  video: { video_id: string; dir: string },
  playlistId: number | string,
): string {
  const dir = video.dir ? `${video.dir}/` : '';
  return `/videos/${video.video_id}/${dir}?playlist=${playlistId}`;
}

export function playlistsPath(p: PlaylistsParams): string {
  return `/api/json/playlists/${p.lifetime}/${p.sort}/${p.count}/${p.section}.${p.page}.${p.gender ?? ''}.${p.objectId ?? ''}.json`;
}

export function parsePlaylists(
  segments: { lifetime: string; sort: string; count: string; file: string },
  maxCount: number,
): ParseResult<PlaylistsParams> {
  const lifetime = parseLifetime(segments.lifetime);
  if (lifetime === undefined) return fail('lifetime');
  if (!isOneOf(PLAYLIST_SORTS, segments.sort)) return fail('sort', 'invalid_sort');
  const count = parseCount(segments.count, maxCount);
  if (count === undefined) return fail('count');
  const file = /^([a-z-]{0,10})\.(\d{1,9})\.([a-z]{0,3})\.(\d{0,10})\.json$/.exec(segments.file);
  if (!file) return fail('params');
  const [, section = '', pageRaw = '', genderRaw = '', objectRaw = ''] = file;
  if (!isOneOf(PLAYLIST_SECTIONS, section)) return fail('section');
  const page = Number(pageRaw);
  if (page < 1) return fail('page');
  if (genderRaw !== '' && !isOneOf(GENDERS, genderRaw)) return fail('gender');
  const objectId = objectRaw === '' ? undefined : parseId(objectRaw);
  if (objectRaw !== '' && objectId === undefined) return fail('object_id');
  if ((section === 'members') !== (objectId !== undefined)) return fail('object_id');
  return {
    ok: true,
    value: {
      lifetime,
      sort: segments.sort,
      count,
      section,
      page,
      gender: genderRaw === '' ? undefined : (genderRaw as Gender),
      objectId,
    },
  };
}

/** `/api/json/playlist/{lifetime}/{e6}/{e3}/{id}.json` */
export function playlistPath(lifetime: number, id: number): string {
  return `/api/json/playlist/${lifetime}/${thousandsFolder(id)}/${id}.json`;
}

/** Sections: `` every listed album; `members` a member's (object_id) albums. */
export const ALBUM_SECTIONS = ['', 'members'] as const;
export type AlbumSection = (typeof ALBUM_SECTIONS)[number];
export const ALBUM_SORTS = [
  'latest',
  'most-popular',
  'top-rated',
  'most-commented',
  'most-photos',
] as const;
export type AlbumSort = (typeof ALBUM_SORTS)[number];

export interface AlbumsParams {
  lifetime: number;
  gender: Gender;
  sort: AlbumSort;
  count: number;
  section: AlbumSection;
  objectId: number | undefined;
  page: number;
}

/** `/api/json/albums/{lifetime}/{gender}/{sort}/{count}/{section}.{object_id}.{page}.json` */
export function albumsPath(p: AlbumsParams): string {
  return `/api/json/albums/${p.lifetime}/${p.gender}/${p.sort}/${p.count}/${p.section}.${p.objectId ?? ''}.${p.page}.json`;
}

export function parseAlbums(
  segments: { lifetime: string; gender: string; sort: string; count: string; file: string },
  maxCount: number,
): ParseResult<AlbumsParams> {
  const lifetime = parseLifetime(segments.lifetime);
  if (lifetime === undefined) return fail('lifetime');
  if (!isOneOf(GENDERS, segments.gender)) return fail('gender');
  if (!isOneOf(ALBUM_SORTS, segments.sort)) return fail('sort', 'invalid_sort');
  const count = parseCount(segments.count, maxCount);
  if (count === undefined) return fail('count');
  const file = /^([a-z]{0,10})\.(\d{0,10})\.(\d{1,9})\.json$/.exec(segments.file);
  if (!file) return fail('params');
  const [, section = '', objectRaw = '', pageRaw = ''] = file;
  if (!isOneOf(ALBUM_SECTIONS, section)) return fail('section');
  const objectId = objectRaw === '' ? undefined : parseId(objectRaw);
  if (objectRaw !== '' && objectId === undefined) return fail('object_id');
  if ((section === 'members') !== (objectId !== undefined)) return fail('object_id');
  const page = Number(pageRaw);
  if (page < 1) return fail('page');
  return {
    ok: true,
    value: {
      lifetime,
      gender: segments.gender,
      sort: segments.sort,
      count,
      section,
      objectId,
      page,
    },
  };
}

/** `/api/json/album/{lifetime}/{e6}/{e3}/{album_id}.json` */
export function albumPath(lifetime: number, id: number): string {
  return `/api/json/album/${lifetime}/${thousandsFolder(id)}/${id}.json`;
}
