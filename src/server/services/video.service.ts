import { MAX_PAGE } from '../../contracts/constants.ts';
import { AppError } from '../../contracts/errors.ts';
import { formatDuration, formatPostDate } from '../../contracts/format.ts';
import type { Videos2Params } from '../../contracts/paths.ts';
import type { VideoListItem, VideoListResponse } from '../../contracts/video.schema.ts';
import type { VideoListRow, VideoRepository } from '../repositories/video.repository.ts';
import type { MediaUrls } from './media-urls.ts';

// Video lists (SPEC.md §7 videos2). Counts are exact up to EXACT_COUNT_CAP; beyond that the
// list reports the cap plus one page, enough for pagination that nobody browses to the end of.

export const EXACT_COUNT_CAP = 10_000;

export interface VideoServiceDeps {
  videos: VideoRepository;
  urls: MediaUrls;
}

export function toListItem(row: VideoListRow, urls: MediaUrls): VideoListItem {
  return {
    video_id: String(row.id),
    dir: row.dir,
    title: row.title,
    duration: formatDuration(row.duration),
    video_viewed: String(row.views),
    rating: String(row.rating),
    post_date: formatPostDate(row.post_date),
    likes: String(row.likes),
    dislikes: String(row.dislikes),
    comments_count: String(row.comments_count),
    scr: urls.videoPreview(row.id, row.media_version),
    thumb: urls.videoThumb(row.id, row.media_version),
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

export function createVideoService(deps: VideoServiceDeps) {
  return {
    async list(params: Videos2Params): Promise<VideoListResponse> {
      if (params.section !== '') {
        throw new AppError('invalid_params', { field: 'section' });
      }
      const filter = {
        gender: params.gender,
        sort: params.sort,
        type: params.type,
        duration: params.duration,
        date: params.date,
      };
      const offset = (params.page - 1) * params.count;
      const [rows, total] = await Promise.all([
        params.page > MAX_PAGE
          ? Promise.resolve([])
          : deps.videos.list(filter, params.count, offset),
        deps.videos.countUpTo(filter, EXACT_COUNT_CAP),
      ]);
      return {
        videos: rows.map((row) => toListItem(row, deps.urls)),
        total_count: String(total),
        pages: Math.ceil(total / params.count),
      };
    },
  };
}

export type VideoService = ReturnType<typeof createVideoService>;
