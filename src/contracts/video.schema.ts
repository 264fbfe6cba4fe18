import { GENDERS } from './constants.ts';
import { removedSchema } from './removed.schema.ts';
import { z } from './zod.ts';

// Counts and ids travel as strings, as the network sends them (API-CONTRACT.md "Responses").
const numeric = z.string().regex(/^-?\d+(\.\d+)?$/);

export const videoListItemSchema = z.object({
  video_id: numeric,
  dir: z.string(),
  title: z.string(),
  duration: z.string(),
  video_viewed: numeric,
  rating: numeric,
  post_date: z.string(),
  likes: numeric,
  dislikes: numeric,
  comments_count: numeric,
  scr: z.string(),
  thumb: z.string(),
  preview_clip: z.string().describe('Muted MP4 a thumb plays on hover; empty when none'),
  categories: z.string(),
  gender: z.enum(GENDERS),
  is_private: z.enum(['0', '1']),
  is_hd: z.enum(['0', '1']),
  country: z.string(),
  user_id: numeric,
  username: z.string(),
  display_name: z.string(),
  channel: z.string(),
});
export type VideoListItem = z.infer<typeof videoListItemSchema>;

/**
 * A category a list is about (SPEC.md §3 "Listing response: videos, total_count,
 * categories"): on a category listing the chosen ones, in the order of the path; on other
 * lists the categories of the videos on the page, the most frequent first.
 */
export const listCategorySchema = z.object({
  category_id: numeric,
  dir: z.string(),
  title: z.string().describe('In the `lang` of the call, English when untranslated'),
  total_videos: numeric.describe('Videos of the category in the gender section'),
  description: z.string(),
});
export type ListCategory = z.infer<typeof listCategorySchema>;

export const videoListResponseSchema = z.object({
  videos: z.array(videoListItemSchema),
  total_count: numeric,
  pages: z.number().int().nonnegative(),
  categories: z.array(listCategorySchema),
});
export type VideoListResponse = z.infer<typeof videoListResponseSchema>;

const named = z.object({ dir: z.string(), title: z.string() });

/** One video (SPEC.md §3, API-CONTRACT.md "One video"). */
export const videoDetailSchema = z.object({
  video_id: numeric,
  dir: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string().describe('Page path: /videos/{video_id}/{dir}/'),
  embed: z.string().describe('Embeddable player path: /embed/{video_id}/'),
  duration: z.string(),
  duration_seconds: numeric,
  post_date: z.string(),
  status_id: z
    .enum(['0', '1', '2', '3', '5'])
    .describe('1 active, 3 processing, 5 deleted (or taken down: see `removed`)'),
  removed: removedSchema.optional(),
  is_private: z.enum(['0', '1']),
  /** 1 when this viewer may play it: active, processed, and public or viewer is a member. */
  playable: z.enum(['0', '1']),
  hls: z
    .string()
    .describe(
      'HLS master playlist (fMP4, H.264/AAC); empty unless playable. Signed and short-lived for private videos',
    ),
  timeline: z
    .string()
    .describe(
      'WebVTT of sprite thumbnails over the timeline (`{video_id}.{count}.{interval}.vtt`); empty when none',
    ),
  preview_clip: z.string().describe('Muted hover clip; empty when none'),
  gender: z.enum(GENDERS),
  is_hd: z.enum(['0', '1']),
  country: z.string(),
  thumb: z.string(),
  thumbsrc: z.string(),
  scr: z.string(),
  thumbs: z.array(z.string()),
  rating: numeric,
  video_viewed: numeric,
  likes: numeric,
  dislikes: numeric,
  comments_count: numeric,
  favourites_count: numeric,
  statistics: z.object({ viewed: numeric, likes: numeric, dislikes: numeric, rating: numeric }),
  user: z.object({ id: numeric, username: z.string(), display_name: z.string() }),
  channel: z.object({ dir: z.string(), title: z.string() }).nullable(),
  content_source_dir: z.string(),
  categories: z.record(z.string(), named),
  tags: z.record(z.string(), named),
  models: z.record(z.string(), named),
  sg_id: z.string(),
  ex_tube: z.string(),
  ex_id: z.string(),
  width: numeric,
  height: numeric,
});
export type VideoDetail = z.infer<typeof videoDetailSchema>;

export const videoResponseSchema = z.object({ video: videoDetailSchema });
export type VideoResponse = z.infer<typeof videoResponseSchema>;

/** `/api/videofile.php`: downloadable files, best first (API-CONTRACT.md). */
export const videoFileListSchema = z.array(
  z.object({
    format: z.enum(['_hq.mp4', '_lq.mp4', '_tr.mp4']),
    video_url: z.string().describe('Encoded path of /get_file/…; see API-CONTRACT.md'),
    is_default: z.union([z.literal(0), z.literal(1)]),
  }),
);
export type VideoFileList = z.infer<typeof videoFileListSchema>;

/** `/api/video_status.php`: how the media pipeline is getting on with a video. */
export const videoStatusSchema = z.object({
  video_id: numeric,
  status_id: z
    .enum(['0', '1', '2', '3', '5', '6', '7', '8'])
    .describe('6: waiting for a moderator, 7: rejected, 8: removed (decision 0043)'),
  /** Heights of the HLS rungs published so far, best first. */
  rungs: z.array(z.number().int()),
  /**
   * Why the pipeline gave up on the source (`video_corrupted_file`); empty otherwise. Not
   * named `error`: a body with `error` is a failed call (API-CONTRACT.md).
   */
  failure: z.string(),
  tasks: z.array(
    z.object({
      task: z.string().describe('hls:{height}, timeline, hover or mp4'),
      state: z.enum(['queued', 'running', 'done', 'failed']),
      progress: z.number().min(0).max(1),
      attempts: z.number().int().nonnegative(),
    }),
  ),
});
export type VideoStatus = z.infer<typeof videoStatusSchema>;
