import { z } from 'zod';
import { GENDERS } from './constants.ts';

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

export const videoListResponseSchema = z.object({
  videos: z.array(videoListItemSchema),
  total_count: numeric,
  pages: z.number().int().nonnegative(),
});
export type VideoListResponse = z.infer<typeof videoListResponseSchema>;
