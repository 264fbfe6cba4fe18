import { videoListItemSchema } from './video.schema.ts';
import { z } from './zod.ts';

// Shapes of the discovery calls: main strips, categories, suggestions and search
// (SPEC.md §3 "Search suggestion response", "Stats response", §7). Counts as strings.

const numeric = z.string().regex(/^\d+$/);

export const namedCountSchema = z.object({
  dir: z.string(),
  title: z.string(),
  total_videos: numeric,
});

export const keywordSchema = z.object({ keyword: z.string(), searches: numeric });

export const topThumbSchema = z.object({
  video_id: numeric,
  dir: z.string(),
  title: z.string(),
  scr: z.string(),
});

export const categorySchema = z.object({
  category_id: numeric,
  dir: z.string(),
  title: z.string(),
  total_videos: numeric,
  description: z.string(),
  img: z.string(),
  toptn: z.array(topThumbSchema),
});
export type Category = z.infer<typeof categorySchema>;

export const categoriesResponseSchema = z.object({
  categories: z.array(categorySchema),
  total_count: numeric,
});
export type CategoriesResponse = z.infer<typeof categoriesResponseSchema>;

const stripItemSchema = namedCountSchema.extend({ img: z.string() });

/** `main`: the strips of a gender section (SPEC.md §3 Stats response). */
export const mainResponseSchema = z.object({
  categories: z.array(stripItemSchema),
  keywords: z.array(keywordSchema),
  models: z.array(stripItemSchema),
  channels: z.array(stripItemSchema),
});
export type MainResponse = z.infer<typeof mainResponseSchema>;

/** `suggester.php?c=`: what the search box offers while typing. */
export const suggestResponseSchema = z.object({
  categories: z.array(namedCountSchema),
  models: z.array(namedCountSchema),
  channels: z.array(namedCountSchema),
  keywords: z.array(keywordSchema),
});
export type SuggestResponse = z.infer<typeof suggestResponseSchema>;

/** `/api/json/suggester/{lifetime}/{count}.json`: the most searched keywords. */
export const suggesterResponseSchema = z.object({ keywords: z.array(keywordSchema) });
export type SuggesterResponse = z.infer<typeof suggesterResponseSchema>;

export const searchResponseSchema = z.object({
  videos: z.array(videoListItemSchema),
  total_count: numeric,
  pages: z.number().int().nonnegative(),
  related_searches: z.array(z.string()),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
