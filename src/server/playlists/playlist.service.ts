import { AppError } from '../../contracts/errors.ts';
import { formatPostDate } from '../../contracts/format.ts';
import { isModerationReason } from '../../contracts/moderation.ts';
import type { AlbumsParams, PlaylistsParams } from '../../contracts/playlists.paths.ts';
import type {
  AlbumItem,
  AlbumResponse,
  AlbumsResponse,
  PlaylistItem,
  PlaylistResponse,
  PlaylistsResponse,
} from '../../contracts/playlists.schema.ts';
import { albumPhotoKey, albumPhotoThumbKey } from '../../media/keys.ts';
import { type MediaUrls, PLACEHOLDER_IMAGE } from '../../media/media-urls.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { EXACT_COUNT_CAP } from '../catalogue/video.service.ts';
import { requireViewer } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import {
  albumPhotosVisible,
  playlistContentsOpen,
  playlistReadable,
} from '../kernel/access/visibility.ts';
import { Kept } from '../kernel/cache/kept.ts';
import type { AlbumRow, PlaylistRepository, PlaylistRow } from './playlist.repository.ts';

// Playlists and albums (SPEC.md §7 playlists, playlist, albums, album). A private playlist
// is its owner's alone. A private album is listed to its owner only and shows its photos
// to signed-in members, through signed URLs (docs/decisions/0022, 0032).

export interface PlaylistServiceDeps {
  playlists: PlaylistRepository;
  urls: MediaUrls;
  storage: Pick<MediaStorage, 'url'>;
  /** The signed URL prefix of a private album's folder (media/media-access.ts). */
  signAlbum(albumId: number): string;
  /** How long the prefixes `signAlbum` gives hold, at least. */
  signedAlbumTtlS: number;
}

/** A list answer and whether it is personal (must not be stored by shared caches). */
export interface Personal<T> {
  body: T;
  personal: boolean;
  /** A visitor's answer that a member (the owner) would get differently. */
  memberDiffers?: boolean;
  /** Kept no longer than this (seconds): the answer may hold signed URLs that expire. */
  lifetimeCapS?: number;
}

/** The public lists' totals are kept a minute: paging through a list counts it once. */
const TOTAL_TTL_MS = 60_000;
const TOTAL_ENTRIES = 200;

export function createPlaylistService(deps: PlaylistServiceDeps) {
  const { urls } = deps;
  // A member's own lists change under their hand: counted every time (decision 0059).
  const totals = new Kept<number>({ ttlMs: TOTAL_TTL_MS, maxEntries: TOTAL_ENTRIES });
  const kept = (key: string) => (count: () => Promise<number>) => totals.get(key, count);

  async function playlistItems(rows: PlaylistRow[]): Promise<PlaylistItem[]> {
    const thumbs = await deps.playlists.thumbs(rows.flatMap((row) => row.top_video_ids));
    const versions = new Map(thumbs.map((t) => [Number(t.id), t.media_version]));
    return rows.map((row) => ({
      playlist_id: String(row.id),
      title: row.title,
      description: row.description,
      private: row.is_private === 1 ? '1' : '0',
      orientation: row.orientation,
      categories: (row.categories ?? []).map((c) => ({
        id: String(c.id),
        dir: c.dir,
        title: c.title,
      })),
      total_videos: String(row.videos_count),
      views: String(row.views),
      user: { id: String(row.user_id), username: row.username },
      toptn: row.top_video_ids.flatMap((id) => {
        const version = versions.get(Number(id));
        return version === undefined
          ? []
          : [{ video_id: String(id), scr: urls.videoPreview(Number(id), version) }];
      }),
      added_date: formatPostDate(new Date(row.created_at)),
    }));
  }

  /**
   * A file of an album: public for a public album; a private one's only under the signed
   * prefix of its folder (`prefix`, for viewers who may see it), else the placeholder.
   */
  const albumFile = (
    row: Pick<AlbumRow, 'is_private'>,
    key: string,
    version: number,
    prefix: string | undefined,
  ) => {
    if (version <= 0) return PLACEHOLDER_IMAGE;
    if (prefix) return `${prefix}${key}?v=${version}`;
    return row.is_private === 1 ? PLACEHOLDER_IMAGE : deps.storage.url(key, version);
  };

  const albumItem = (row: AlbumRow, prefix: string | undefined): AlbumItem => ({
    album_id: String(row.id),
    dir: row.dir,
    title: row.title,
    photos_amount: String(row.photos_count),
    album_viewed: String(row.views),
    rating: String(
      row.likes + row.dislikes === 0
        ? 0
        : Math.round((500 * row.likes) / (row.likes + row.dislikes)) / 100,
    ),
    likes: String(row.likes),
    post_date: formatPostDate(new Date(row.post_date)),
    scr: row.cover_photo_id
      ? albumFile(row, albumPhotoThumbKey(row.id, row.cover_photo_id), row.cover_version, prefix)
      : PLACEHOLDER_IMAGE,
    user: { id: String(row.user_id), username: row.username },
    private: row.is_private === 1 ? '1' : '0',
  });

  /** The signed prefix a viewer allowed to see a private album's files gets. */
  const prefixFor = (row: Pick<AlbumRow, 'id' | 'is_private'>, allowed: boolean) =>
    allowed && row.is_private === 1 ? deps.signAlbum(row.id) : undefined;

  return {
    async playlists(
      params: PlaylistsParams,
      viewer: Viewer | null,
    ): Promise<Personal<PlaylistsResponse>> {
      let ownerId: number | undefined;
      let withPrivate = false;
      if (params.section === 'add-to') {
        ownerId = requireViewer(viewer, 'read', 'playlist').userId;
        withPrivate = true;
      } else if (params.section === 'members') {
        ownerId = params.objectId as number;
        if (!(await deps.playlists.memberExists(ownerId))) throw new AppError('not_found');
        withPrivate = viewer?.userId === ownerId;
      }
      const { rows, total } = await deps.playlists.listPlaylists({
        gender: params.gender,
        ownerId,
        withPrivate,
        sort: params.sort,
        limit: params.count,
        offset: (params.page - 1) * params.count,
        countCap: EXACT_COUNT_CAP,
        ...(ownerId === undefined ? { total: kept(`playlists:${params.gender ?? ''}`) } : {}),
      });
      return {
        body: {
          playlists: await playlistItems(rows),
          total_count: String(total),
          pages: Math.ceil(total / params.count),
        },
        personal: withPrivate,
        memberDiffers: params.section === 'members' && !withPrivate,
      };
    },

    async playlist(id: number, viewer: Viewer | null): Promise<Personal<PlaylistResponse>> {
      const row = await deps.playlists.playlist(id);
      if (!row) throw new AppError('not_found');
      if (!playlistReadable(row, viewer)) throw new AppError('playlist_is_private');
      const [playlist] = await playlistItems([row]);
      const item = playlist as PlaylistItem;
      const reason = row.removed_reason;
      if (Number(row.status_id) !== 1 && reason && isModerationReason(reason)) {
        // Taken down (decision 0047): its page names the reason; only staff see what it held.
        const staff = playlistContentsOpen(row, viewer);
        return {
          body: { playlist: { ...item, ...(staff ? {} : { toptn: [] }), removed: { reason } } },
          personal: staff || row.is_private === 1,
          memberDiffers: true,
        };
      }
      return { body: { playlist: item }, personal: row.is_private === 1 };
    },

    /**
     * Albums: the listed ones of an orientation, or a member's. Private albums are listed
     * to their owner only (decision 0032), whose answer is therefore personal.
     */
    async albums(params: AlbumsParams, viewer: Viewer | null): Promise<Personal<AlbumsResponse>> {
      let withPrivate = false;
      if (params.section === 'members') {
        if (!(await deps.playlists.memberExists(params.objectId as number))) {
          throw new AppError('not_found');
        }
        withPrivate = viewer?.userId === params.objectId;
      }
      const { rows, total } = await deps.playlists.listAlbums({
        gender: params.gender,
        ownerId: params.objectId,
        withPrivate,
        sort: params.sort,
        limit: params.count,
        offset: (params.page - 1) * params.count,
        countCap: EXACT_COUNT_CAP,
        ...(params.objectId === undefined ? { total: kept(`albums:${params.gender}`) } : {}),
      });
      return {
        body: {
          albums: rows.map((row) => albumItem(row, prefixFor(row, withPrivate))),
          total_count: String(total),
          pages: Math.ceil(total / params.count),
        },
        personal: withPrivate,
        memberDiffers: params.section === 'members' && !withPrivate,
        // The owner's own list holds signed cover URLs of private albums.
        ...(withPrivate ? { lifetimeCapS: deps.signedAlbumTtlS } : {}),
      };
    },

    /**
     * One album; deleted ones show no photos. A private one shows its photos to signed-in
     * members only (the member perk of SPEC.md §1, decision 0022), as signed URLs.
     */
    async album(id: number, viewer: Viewer | null): Promise<Personal<AlbumResponse>> {
      const row = await deps.playlists.album(id);
      if (!row) throw new AppError('not_found');
      const visible = albumPhotosVisible(row, viewer);
      const reason = row.removed_reason;
      const photos = visible ? await deps.playlists.photos(id) : [];
      const prefix = prefixFor(row, visible);
      const personal = row.is_private === 1 && viewer !== null;
      return {
        body: {
          album: {
            ...albumItem(row, prefix),
            description: row.description,
            cover_photo_id: row.cover_photo_id ? String(row.cover_photo_id) : '',
            status_id: row.status_id === 1 ? '1' : '5',
            // Taken down (decision 0047): status 5 as for a deletion, and why.
            ...(reason && isModerationReason(reason) ? { removed: { reason } } : {}),
            is_private: row.is_private === 1 ? '1' : '0',
            statistics: {
              viewed: String(row.views),
              likes: String(row.likes),
              dislikes: String(row.dislikes),
            },
            photos: photos.map((photo) => ({
              photo_id: String(photo.id),
              url: albumFile(row, albumPhotoKey(id, photo.id), photo.image_version, prefix),
              thumb: albumFile(row, albumPhotoThumbKey(id, photo.id), photo.image_version, prefix),
              width: String(photo.width),
              height: String(photo.height),
            })),
          },
        },
        personal,
        memberDiffers: row.is_private === 1 && viewer === null,
        // A member's copy of a private album carries signed photo URLs.
        ...(personal ? { lifetimeCapS: deps.signedAlbumTtlS } : {}),
      };
    },
  };
}

export type PlaylistService = ReturnType<typeof createPlaylistService>;
