import { COMMENT_LIMITS, COMMENT_SECTIONS } from './constants.ts';
import type { ParseResult } from './paths.ts';
import { z } from './zod.ts';

// The stat call of SPEC.md §7 (`POST /api/stat.php`, form or JSON): `act=vote` likes (1) or
// dislikes (0) an object, `act=view` counts a view of a video (SPEC.md §4: one second after
// it loads) or of an album. Form bodies carry every value as a string; JSON clients may send numbers.

/** Sections a vote may name; the other comment sections carry no like counts. */
export const VOTE_SECTIONS = ['video', 'album'] as const;
export type VoteSection = (typeof VOTE_SECTIONS)[number];

/** Sections a view may name: a video, or an album (its photo viewer opened). */
export const VIEW_SECTIONS = ['video', 'album'] as const;
export type ViewSection = (typeof VIEW_SECTIONS)[number];

const INT_MAX = 2_147_483_647;

const objectId = z
  .union([z.string().regex(/^[1-9]\d{0,9}$/), z.number().int().positive().max(INT_MAX)])
  .transform(Number)
  .pipe(z.number().max(INT_MAX))
  .describe('Id of the object (a positive integer)');

const voteValue = z
  .union([z.enum(['0', '1']), z.literal(0), z.literal(1)])
  .transform((value) => (Number(value) === 1 ? 1 : 0))
  .describe('1 like, 0 dislike');

export const voteRequestSchema = z.object({
  act: z.literal('vote'),
  section: z.enum(VOTE_SECTIONS),
  object_id: objectId,
  vote: voteValue,
});
export type VoteRequest = z.infer<typeof voteRequestSchema>;

export const viewRequestSchema = z.object({
  act: z.literal('view'),
  section: z.enum(VIEW_SECTIONS),
  object_id: objectId,
  // Sent by the network's clients; accepted and ignored (the viewer comes from the session).
  nogeo: z.unknown().optional().describe('Accepted and ignored'),
  user_id: z.unknown().optional().describe('Accepted and ignored: the session names the member'),
});
export type ViewRequest = z.infer<typeof viewRequestSchema>;

// COMMENT_LIMITS lives with the other limits in constants.ts, so the comment form can read
// it without loading zod (issue 18: the video page's first load).
export { COMMENT_LIMITS };

export const commentRequestSchema = z.object({
  act: z.literal('comm'),
  section: z.enum(COMMENT_SECTIONS),
  object_id: objectId,
  // Checked by the service (required, min_length, max_length with info), not here.
  msg: z
    .unknown()
    .optional()
    .describe(`The comment, ${COMMENT_LIMITS.min}-${COMMENT_LIMITS.max} characters`),
});
export type CommentRequest = z.infer<typeof commentRequestSchema>;

export const statRequestSchema = z.discriminatedUnion('act', [
  voteRequestSchema,
  viewRequestSchema,
  commentRequestSchema,
]);
export type StatRequest = z.infer<typeof statRequestSchema>;

/**
 * Parses a stat body. A failure names the first bad field in the order act, section,
 * object_id, vote; a body that is not an object is a bad `act`.
 */
export function parseStatRequest(body: unknown): ParseResult<StatRequest> {
  const parsed = statRequestSchema.safeParse(body);
  if (parsed.success) return { ok: true, value: parsed.data };
  const field = parsed.error.issues[0]?.path[0];
  return { ok: false, code: 'invalid_params', field: typeof field === 'string' ? field : 'act' };
}

const numeric = z.string().regex(/^\d+(\.\d+)?$/);

export const voteResponseSchema = z.object({
  success: z.literal(1),
  likes: numeric.describe('Likes after this vote'),
  dislikes: numeric.describe('Dislikes after this vote'),
  rating: numeric.describe('0-5; the web shows rating / 0.05 as a percent'),
});
export type VoteResponse = z.infer<typeof voteResponseSchema>;

export const viewResponseSchema = z.object({ success: z.literal(1) });
export type ViewResponse = z.infer<typeof viewResponseSchema>;

export const commentResponseSchema = z.object({
  success: z.literal(1),
  comment_id: z.string(),
  comment: z.object({
    comment_id: z.string(),
    user_id: z.string(),
    username: z.string(),
    avatar: z.string(),
    added_date: z.string(),
    comment: z.string(),
  }),
});
export type CommentResponse = z.infer<typeof commentResponseSchema>;

export const statResponseSchema = z.union([
  voteResponseSchema,
  commentResponseSchema,
  viewResponseSchema,
]);
