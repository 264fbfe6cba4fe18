import {
  CATEGORY_SELECTION_MAX,
  DEFAULT_LANGUAGE,
  type Gender,
  MAX_PAGE,
  VIDEO_STATUS,
} from '../../contracts/constants.ts';
import { AppError } from '../../contracts/errors.ts';
import { formatDuration, formatPostDate } from '../../contracts/format.ts';
import { isModerationReason } from '../../contracts/moderation.ts';
import type { Videos2Params, VideoType } from '../../contracts/paths.ts';
import type {
  ListCategory,
  VideoDetail,
  VideoListItem,
  VideoListResponse,
} from '../../contracts/video.schema.ts';
import { type MediaUrls, PLACEHOLDER_IMAGE } from '../../media/media-urls.ts';
import { requireAccess } from '../kernel/access/policy.ts';
import type { Viewer } from '../kernel/access/viewer.ts';
import {
  playlistContentsOpen,
  playlistReadable,
  videoPageOpens,
  videoPlayable,
} from '../kernel/access/visibility.ts';
import { Kept, pageOfKept } from '../kernel/cache/kept.ts';
import { ESTIMATE_OVER } from '../kernel/db/estimate.ts';
import { type CategoryCatalogue, pageCategories } from './category-catalogue.ts';
import type {
  VideoDetailRow,
  VideoListFilter,
  VideoListRow,
  VideoRepository,
} from './video.repository.ts';
import type { VideoSectionRepository } from './video-section.repository.ts';

// Video lists, one video and related videos (SPEC.md §7 videos2, video, videos_related2).
// Counts are exact up to EXACT_COUNT_CAP; beyond that the list reports the cap plus one,
// enough for pagination that nobody browses to the end of.

export const EXACT_COUNT_CAP = 10_000;
/** Totals are kept briefly, so paging through one list counts it once. */
const COUNT_TTL_MS = 60_000;
const COUNT_CACHE_ENTRIES = 5_000;
/** How many related candidates are scored; pages of related videos slice this pool. */
export const RELATED_POOL = 300;

export interface VideoServiceDeps {
  videos: VideoRepository;
  sections: VideoSectionRepository;
  catalogue: CategoryCatalogue;
  urls: MediaUrls;
  /** Signed folder URL prefix of a video, for playback files of private videos. */
  signMedia(videoId: number, durationS: number): string;
}

export function toListItem(row: VideoListRow, urls: MediaUrls): VideoListItem {
  return {
    video_id: String(row.id),
    dir: row.dir,
    title: row.title,
    duration: formatDuration(row.duration),
    video_viewed: String(row.views),
    rating: String(row.rating),
    post_date: formatPostDate(new Date(row.post_date)),
    likes: String(row.likes),
    dislikes: String(row.dislikes),
    comments_count: String(row.comments_count),
    scr: urls.videoPreview(row.id, row.media_version),
    thumb: urls.videoThumb(row.id, row.media_version),
    // A private video's clip is a playback file (docs/decisions/0011): lists show no clip.
    preview_clip: row.is_private !== 1 ? urls.hoverClip(row.hover, row.media_version) : '',
    categories: row.categories ?? '',
    gender: row.gender,
    is_private: row.is_private === 1 ? '1' : '0',
    is_hd: row.is_hd ? '1' : '0',
    country: row.country ?? '',
    user_id: String(row.user_id),
    username: row.username,
    display_name: row.display_name || row.username,
    channel: row.channel_dir ?? '',
  };
}

function keyed(list: { id: number; dir: string; title: string }[] | null) {
  return Object.fromEntries(
    (list ?? []).map((x) => [String(x.id), { dir: x.dir, title: x.title }]),
  );
}

export function toDetail(
  row: VideoDetailRow,
  deps: Pick<VideoServiceDeps, 'urls' | 'signMedia'>,
  viewer: Viewer | null,
): VideoDetail {
  const { urls } = deps;
  // A deleted video's files are not served (docs/decisions/0011): point at the placeholder.
  // A video taken down reads as deleted to everyone (SPEC.md §4 states; decision 0043).
  const gone = row.status_id === VIDEO_STATUS.deleted || row.status_id === VIDEO_STATUS.removed;
  const listed = toListItem(row, urls);
  const item = gone ? { ...listed, scr: PLACEHOLDER_IMAGE, thumb: PLACEHOLDER_IMAGE } : listed;
  const shots = gone ? 0 : (row.media.screenshots ?? 0);
  const thumbs = gone
    ? []
    : shots > 0
      ? Array.from({ length: shots }, (_, i) =>
          urls.videoScreenshot(row.id, i + 1, row.media_version),
        )
      : row.media_version > 0
        ? [item.scr]
        : [];
  const playable = videoPlayable({ ...row, encoded: Boolean(row.media.hls) }, viewer);
  // Playback files of a private video go out as signed URLs, valid a while past its length,
  // for the folder that holds them: a demo video's are its shared clip's (decision 0033).
  const prefix =
    playable && row.is_private === 1
      ? deps.signMedia(row.media.sharedFrom ?? row.id, row.duration)
      : undefined;
  const stream = (key: string | undefined) =>
    !playable || !key ? '' : prefix ? `${prefix}${key}` : urls.file(key);
  const statistics = {
    viewed: item.video_viewed,
    likes: item.likes,
    dislikes: item.dislikes,
    rating: item.rating,
  };
  return {
    video_id: item.video_id,
    dir: row.dir,
    title: row.title,
    description: row.description,
    url: `/videos/${row.id}/${row.dir}/`,
    embed: `/embed/${row.id}/`,
    duration: item.duration,
    duration_seconds: String(row.duration),
    post_date: item.post_date,
    status_id: (gone ? '5' : String(row.status_id)) as VideoDetail['status_id'],
    is_private: item.is_private,
    playable: playable ? '1' : '0',
    hls: stream(row.media.hls),
    timeline: stream(row.media.timeline),
    preview_clip: stream(row.media.hover),
    gender: row.gender,
    is_hd: item.is_hd,
    country: item.country,
    thumb: item.thumb,
    thumbsrc: item.scr,
    scr: item.scr,
    thumbs,
    rating: item.rating,
    video_viewed: item.video_viewed,
    likes: item.likes,
    dislikes: item.dislikes,
    comments_count: item.comments_count,
    favourites_count: String(row.favourites_count),
    statistics,
    user: { id: item.user_id, username: row.username, display_name: item.display_name },
    channel: row.channel_dir ? { dir: row.channel_dir, title: row.channel_title ?? '' } : null,
    content_source_dir: row.channel_dir ?? '',
    categories: keyed(row.category_list),
    tags: keyed(row.tag_list),
    models: keyed(row.model_list),
    sg_id: row.sg_id === null ? '' : String(row.sg_id),
    ex_tube: row.ex_tube ?? '',
    ex_id: row.ex_id ?? '',
    width: String(row.media.width ?? 0),
    height: String(row.media.height ?? 0),
    // Taken down: still status 5 for the clients that know no more, and why for the site. A
    // video a ban hid has no reason here (whatever the ban's): it reads deleted, as the rest
    // of a banned member's content does.
    ...(row.status_id === VIDEO_STATUS.removed &&
    row.removed_reason &&
    isModerationReason(row.removed_reason)
      ? { removed: { reason: row.removed_reason } }
      : {}),
  };
}

/** A list answer and whether it is personal (must not be stored by shared caches). */
export interface ListResult {
  body: VideoListResponse;
  personal: boolean;
}

/** The most ids one `ids` list may name: a page of the history screen. */
const ID_LIST_MAX = 60;

function parseMemberId(raw: string): number {
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > 2_147_483_647) {
    throw new AppError('invalid_params', { field: 'object_id' });
  }
  return Number(raw);
}

export function createVideoService(deps: VideoServiceDeps) {
  const counts = new Kept<number>({ ttlMs: COUNT_TTL_MS, maxEntries: COUNT_CACHE_ENTRIES });

  /**
   * What a list's total depends on: not its order, so a visitor trying the sorts of a list
   * (and the next pages of each) has it counted once. On most-popular the date picks the
   * ranking window instead of filtering, as no date does on the other sorts.
   */
  function countKey(filter: VideoListFilter): string {
    const { sort, ...counted } = filter;
    return JSON.stringify(sort === 'most-popular' ? { ...counted, date: '' } : counted);
  }

  /**
   * A list's length: exact up to EXACT_COUNT_CAP (cap + 1 beyond it), or the planner's
   * estimate when that is far above the cap, so no request counts a huge list.
   */
  async function total(filter: VideoListFilter): Promise<number> {
    // A member's lists and playlists change under their owner's hand (SPEC.md §6 remove
    // buttons), and a member's uploads when a moderator publishes one; all are short:
    // counted every time, or a kept total would hide a new video.
    if (
      filter.memberList ||
      filter.playlistId !== undefined ||
      filter.ids ||
      filter.userId !== undefined
    ) {
      return deps.videos.countUpTo(filter, EXACT_COUNT_CAP);
    }
    return counts.get(countKey(filter), async () => {
      const estimate = await deps.videos.estimate(filter);
      return estimate > ESTIMATE_OVER ? estimate : deps.videos.countUpTo(filter, EXACT_COUNT_CAP);
    });
  }

  /** Turns a section and its object_id into list filters, checking access. */
  async function sectionFilter(
    params: Videos2Params,
    viewer: Viewer | null,
  ): Promise<{ filter: Partial<VideoListFilter>; personal: boolean; chosen?: ListCategory[] }> {
    const { section, objectId } = params;
    // Every section but the whole list names its object; the whole list names none.
    if ((section === '') !== (objectId === '')) {
      throw new AppError('invalid_params', { field: 'object_id' });
    }
    switch (section) {
      case '':
        return { filter: {}, personal: false };
      case 'categories': {
        const dirs = [...new Set(objectId.split(','))];
        if (dirs.length > CATEGORY_SELECTION_MAX || dirs.some((d) => d === '')) {
          throw new AppError('invalid_params', { field: 'object_id' });
        }
        const found = await deps.sections.categories(
          dirs,
          params.gender,
          params.lang ?? DEFAULT_LANGUAGE,
        );
        const categories = found.filter((c) => c !== undefined);
        if (categories.length !== dirs.length) throw new AppError('not_found');
        return {
          filter: { categoryIds: categories.map((c) => c.id) },
          personal: false,
          chosen: categories.map((c) => ({
            category_id: String(c.id),
            dir: c.dir,
            title: c.title,
            total_videos: String(c.videos),
            description: c.description,
          })),
        };
      }
      case 'models': {
        const modelId = await deps.sections.modelId(objectId);
        if (modelId === undefined) throw new AppError('not_found');
        return { filter: { modelId }, personal: false };
      }
      case 'channels': {
        const channelId = await deps.sections.channelId(objectId);
        if (channelId === undefined) throw new AppError('not_found');
        return { filter: { channelId }, personal: false };
      }
      case 'playlists': {
        const playlist = await deps.sections.playlist(parseMemberId(objectId));
        if (!playlist) throw new AppError('not_found');
        if (!playlistReadable(playlist, viewer)) throw new AppError('playlist_is_private');
        // A taken-down playlist holds nothing but for staff (decision 0047).
        if (!playlistContentsOpen(playlist, viewer)) throw new AppError('not_found');
        return {
          filter: { playlistId: playlist.id },
          personal: playlist.is_private === 1 || playlist.status_id !== 1,
        };
      }
      case 'members':
      case 'favourites': {
        const userId = await deps.sections.activeMemberId(parseMemberId(objectId));
        if (userId === undefined) throw new AppError('not_found');
        return section === 'members'
          ? { filter: { userId }, personal: false }
          : { filter: { memberList: { list: 'favourites', userId } }, personal: false };
      }
      case 'history':
      case 'watch-later': {
        // A member's own lists: nobody else may read them (SPEC.md §4 guard).
        const userId = parseMemberId(objectId);
        requireAccess(viewer, 'read', 'list', { ownerId: userId });
        const list = section === 'history' ? 'history' : 'watch_later';
        return { filter: { memberList: { list, userId } }, personal: true };
      }
      case 'ids': {
        // A visitor's history: the videos of these ids still listed, in the given order.
        const ids = objectId
          .split(',')
          .map((part) => (/^[1-9]\d{0,9}$/.test(part) ? Number(part) : 0));
        if (ids.length > ID_LIST_MAX || ids.some((id) => id < 1 || id > 2_147_483_647)) {
          throw new AppError('invalid_params', { field: 'object_id' });
        }
        return { filter: { ids: [...new Set(ids)] }, personal: false };
      }
      case 'top-country': {
        if (!/^[a-z]{2}$/.test(objectId)) {
          throw new AppError('invalid_params', { field: 'object_id' });
        }
        return { filter: { country: objectId }, personal: false };
      }
    }
  }

  /** The `categories` of a list answer that names none: those of its videos. */
  async function categoriesOf(
    rows: VideoListRow[],
    gender: Gender,
    lang = DEFAULT_LANGUAGE,
  ): Promise<ListCategory[]> {
    if (rows.length === 0) return [];
    return pageCategories(rows, await deps.catalogue.byId(), gender, lang);
  }

  return {
    async list(params: Videos2Params, viewer: Viewer | null = null): Promise<ListResult> {
      const { filter: sectionPart, personal, chosen } = await sectionFilter(params, viewer);
      const filter: VideoListFilter = {
        gender: params.gender,
        sort: params.sort,
        type: params.type,
        duration: params.duration,
        date: params.date,
        ...(params.country ? { country: params.country } : {}),
        ...sectionPart,
      };
      const offset = (params.page - 1) * params.count;
      const counted = await total(filter);
      const { rows, total: length } =
        params.page > MAX_PAGE
          ? { rows: [], total: counted }
          : await pageOfKept(counted, offset, () => deps.videos.list(filter, params.count, offset));
      return {
        body: {
          videos: rows.map((row) => toListItem(row, deps.urls)),
          total_count: String(length),
          pages: Math.ceil(length / params.count),
          categories: chosen ?? (await categoriesOf(rows, params.gender, params.lang)),
        },
        personal,
      };
    },

    /** One video with its status fields; unknown ids are not_found. */
    async detail(id: number, viewer: Viewer | null = null): Promise<VideoDetail> {
      const row = await deps.videos.getDetail(id);
      // A shared demo clip is media for other videos, not a video of its own (decision 0033).
      if (!row || row.media.pool !== undefined || !videoPageOpens(row)) {
        throw new AppError('not_found');
      }
      return toDetail(row, deps, viewer);
    },

    async related(
      id: number,
      type: VideoType,
      page: number,
      count: number,
    ): Promise<VideoListResponse> {
      const exists = await deps.videos.getPlayback(id);
      if (!exists || exists.status_id === VIDEO_STATUS.deleted || !videoPageOpens(exists)) {
        throw new AppError('not_found');
      }
      const pool = await deps.videos.relatedIds(id, type, RELATED_POOL);
      const ids = pool.slice((page - 1) * count, page * count);
      const rows = await deps.videos.rowsByIds(ids);
      return {
        videos: rows.map((row) => toListItem(row, deps.urls)),
        total_count: String(pool.length),
        pages: Math.ceil(pool.length / count),
        // Related videos share the section of the video they follow.
        categories: rows[0] ? await categoriesOf(rows, rows[0].gender) : [],
      };
    },
  };
}

export type VideoService = ReturnType<typeof createVideoService>;
