import { z } from './zod.ts';

export { COMMENT_SECTIONS, type CommentSection } from './constants.ts';

// Shapes of the member, comment and subscription calls (SPEC.md §3 User, Comment).

const numeric = z.string().regex(/^\d+$/);

export const memberListItemSchema = z.object({
  user_id: numeric,
  username: z.string(),
  display_name: z.string(),
  avatar: z.string(),
  country: z.string(),
  gender: z.string().describe('1 man, 2 woman, 3 shemale; empty when not given'),
  age: z.string().describe('Years, from the birth date; empty when not given'),
  statistics: z.object({ videos: numeric, subscribers: numeric }),
});
export type MemberListItem = z.infer<typeof memberListItemSchema>;

export const membersResponseSchema = z.object({
  members: z.array(memberListItemSchema),
  total_count: numeric,
  pages: z.number().int().nonnegative(),
});
export type MembersResponse = z.infer<typeof membersResponseSchema>;

/** A public profile: never the e-mail address, the birth date or the account state. */
export const profileSchema = memberListItemSchema.extend({
  cover: z.string(),
  age_verified: z.enum(['0', '1']),
  relationship: z.string(),
  orientation: z.string(),
  education: z.string(),
  website: z.string(),
  city: z.string(),
  interests: z.string(),
  occupation: z.string(),
  about: z.string(),
  registered: z.string(),
  statistics: z.object({
    videos: numeric,
    subscribers: numeric,
    friends: numeric,
    favourites: numeric,
    playlists: numeric,
    profile_views: numeric,
  }),
});
export type Profile = z.infer<typeof profileSchema>;

export const wallPostSchema = z.object({
  post_id: numeric,
  user_id: numeric,
  username: z.string(),
  avatar: z.string(),
  added_date: z.string(),
  message: z.string(),
});

export const memberResponseSchema = z.object({
  member: profileSchema,
  wall: z.array(wallPostSchema).optional(),
});
export type MemberResponse = z.infer<typeof memberResponseSchema>;

export const commentSchema = z.object({
  comment_id: numeric,
  user_id: numeric,
  username: z.string(),
  avatar: z.string(),
  added_date: z.string(),
  comment: z.string(),
});

export const commentsResponseSchema = z.object({
  comments: z.array(commentSchema),
  total_count: numeric,
});
export type CommentsResponse = z.infer<typeof commentsResponseSchema>;

const subscribedSchema = z.object({
  id: numeric,
  dir: z.string(),
  title: z.string(),
  avatar: z.string(),
  total_videos: numeric,
});

export const subscriptionsResponseSchema = z.object({
  subscriptions: z.object({
    channels: z.array(subscribedSchema),
    models: z.array(subscribedSchema),
    members: z.array(z.object({ user_id: numeric, username: z.string(), avatar: z.string() })),
  }),
  total_count: numeric,
});
export type SubscriptionsResponse = z.infer<typeof subscriptionsResponseSchema>;
