import { z } from './zod.ts';

// Shapes of the model and channel calls (SPEC.md §3 Model, Channel). Counts as strings.

const numeric = z.string().regex(/^\d+$/);

export const statisticsSchema = z.object({
  videos: numeric,
  viewed: numeric,
  subscribers: numeric,
});

export const modelListItemSchema = z.object({
  model_id: numeric,
  dir: z.string(),
  title: z.string(),
  img: z.string(),
  avatar: z.string(),
  country: z.string(),
  gender: z.string(),
  statistics: statisticsSchema,
  total_videos: numeric,
});
export type ModelListItem = z.infer<typeof modelListItemSchema>;

export const modelsResponseSchema = z.object({
  models: z.array(modelListItemSchema),
  total_count: numeric,
  pages: z.number().int().nonnegative(),
});
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;

export const modelDetailSchema = modelListItemSchema.extend({
  description: z.string(),
  race: z.string(),
  age: z.string().describe('Age group: 1 (18-21), 2 (22-29), 3 (30-39), 4 (40+)'),
  tits_size: z.string(),
  hair_color: z.string(),
  height: z.string(),
  weight: z.string(),
  tattoo: z.string(),
  piercing: z.string(),
});
export const modelResponseSchema = z.object({ model: modelDetailSchema });
export type ModelResponse = z.infer<typeof modelResponseSchema>;

export const toptnSchema = z.object({
  video_id: numeric,
  dir: z.string(),
  title: z.string(),
  scr: z.string(),
});

export const channelListItemSchema = z.object({
  channel_id: numeric,
  dir: z.string(),
  title: z.string(),
  url: z.string(),
  avatar: z.string(),
  scr: z.string(),
  scr1: z.string(),
  scr2: z.string(),
  statistics: statisticsSchema,
  total_videos: numeric,
  toptn: z.array(toptnSchema),
});
export type ChannelListItem = z.infer<typeof channelListItemSchema>;

export const channelsResponseSchema = z.object({
  channels: z.array(channelListItemSchema),
  total_count: numeric,
  pages: z.number().int().nonnegative(),
});
export type ChannelsResponse = z.infer<typeof channelsResponseSchema>;

export const channelDetailSchema = channelListItemSchema.extend({
  description: z.string(),
  cf3: z.string().describe('Sponsor banner'),
  cf4: z.string().describe('Sponsor banner'),
  cf7: z.string().describe('Sponsor banner'),
});
export const channelResponseSchema = z.object({ channel: channelDetailSchema });
export type ChannelResponse = z.infer<typeof channelResponseSchema>;
