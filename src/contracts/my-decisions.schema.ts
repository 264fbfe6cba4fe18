import { isoTimeSchema, pagedSchema } from './page.schema.ts';
import { z } from './zod.ts';

// The member's other moderation decisions (issue 16, DSA art. 20): every statement of reasons
// about them that is not about one of their videos (those are read in the uploads tab,
// decision 0045): removed comments, playlists and albums, all their comments removed at once,
// strikes and bans. Private answers, never cached.

/** Decisions per page of the member's moderation decisions. */
export const MY_DECISIONS_PAGE_SIZE = 20;

/** What a decision is about, as the member reads it. */
export const MY_DECISION_KINDS = [
  'comment',
  /** Every shown comment of theirs removed at once (the console's "remove all comments"). */
  'comments',
  'playlist',
  'album',
  'strike',
  'ban',
] as const;
export type MyDecisionKind = (typeof MY_DECISION_KINDS)[number];

export const myDecisionSchema = z.object({
  id: z.number().int().describe('The statement of reasons; POST /api/appeal.php takes it'),
  kind: z.enum(MY_DECISION_KINDS),
  decision: z.enum(['removed', 'strike', 'banned']),
  title: z
    .string()
    .describe('The comment’s opening words, or the playlist’s or album’s title; empty otherwise'),
  url: z
    .string()
    .describe('The page the object is on while it is shown again (restored); empty otherwise'),
  in_force: z
    .boolean()
    .describe('The object is still removed, the strike not revoked, the ban not lifted'),
  dmca: z.boolean().describe('A strike a DMCA notice earned: countered from the uploads tab'),
  reason: z.string().describe('One of MODERATION_REASONS, or `repeat_infringer` for a ban'),
  note: z.string().describe('The moderator’s note to the member; may be empty'),
  created_at: isoTimeSchema,
  appeal_state: z.enum(['none', 'open', 'upheld', 'reversed']),
  can_appeal: z
    .boolean()
    .describe(
      'In force and not appealed yet, and neither a ban nor a DMCA strike: POST /api/appeal.php with this id',
    ),
});
export type MyDecision = z.infer<typeof myDecisionSchema>;

export const myDecisionsSchema = pagedSchema(myDecisionSchema);
export type MyDecisions = z.infer<typeof myDecisionsSchema>;

export const myDecisionsPath = (page: number) => `/api/my_decisions.php?page=${page}`;
