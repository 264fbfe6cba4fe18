import { VIDEO_STATES } from './moderation.schema.ts';
import { isoTimeSchema, pagedSchema } from './page.schema.ts';
import { z } from './zod.ts';

// Shapes of the console's member page (`/api/admin/members/:id…`, issue 16, decision 0048):
// who the member is, what they uploaded and wrote, what was reported about them, and the
// strikes, bans and statements of reasons on their record. Private, never cached.

export const memberStrikeSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  note: z.string(),
  by: z.string().describe('Who gave it; empty for a DMCA notice’s strike'),
  takedown_id: z.number().int().nullable(),
  dmca_notice_id: z.number().int().nullable(),
  created_at: isoTimeSchema,
  revoked_at: isoTimeSchema.nullable(),
  revoked_by: z.string(),
});
export type MemberStrike = z.infer<typeof memberStrikeSchema>;

export const memberBanSchema = z.object({
  id: z.number().int(),
  reason: z.string().describe('A moderation reason, or `repeat_infringer` (strikes)'),
  note: z.string(),
  hide_content: z.boolean(),
  by: z.string().describe('Who banned; empty when the strikes did'),
  created_at: isoTimeSchema,
  lifted_at: isoTimeSchema.nullable(),
  lifted_by: z.string(),
  lift_note: z.string(),
});
export type MemberBan = z.infer<typeof memberBanSchema>;

export const memberStatementSchema = z.object({
  id: z.number().int(),
  object_type: z.string(),
  object_id: z.number().int(),
  decision: z.enum(['rejected', 'removed', 'strike', 'banned']),
  reason: z.string(),
  note: z.string(),
  by: z.string(),
  created_at: isoTimeSchema,
  mailed: z.boolean(),
  appeal_state: z.enum(['none', 'open', 'upheld', 'reversed']),
});
export type MemberStatement = z.infer<typeof memberStatementSchema>;

export const consoleMemberPageSchema = z.object({
  member: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    role: z.enum(['member', 'moderator', 'administrator']),
    trusted: z.boolean(),
    status: z.enum(['unconfirmed', 'active', 'banned']),
    joined: isoTimeSchema,
    last_sign_in: isoTimeSchema.nullable(),
    lang: z.string(),
  }),
  counts: z.object({
    uploads: z.number().int().describe('Videos in every state but deleted'),
    comments: z.number().int().describe('Comments shown'),
    wall_posts: z.number().int().describe('Posts on walls, shown'),
    reports: z.number().int().describe('Reports about the member or their videos'),
  }),
  strikes_in_force: z.number().int(),
  strikes_to_ban: z.number().int().describe('The configured limit (STRIKES_TO_BAN)'),
  ban: memberBanSchema.nullable().describe('The ban in force'),
  strikes: z.array(memberStrikeSchema).describe('Newest first, at most 50'),
  bans: z.array(memberBanSchema).describe('Newest first, at most 50'),
  statements: z.array(memberStatementSchema).describe('Newest first, at most 50'),
});
export type ConsoleMemberPage = z.infer<typeof consoleMemberPageSchema>;

export const memberUploadSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  state: z.enum(VIDEO_STATES),
  created_at: isoTimeSchema,
  /** The public page for a listed one. */
  dir: z.string(),
});
export type MemberUpload = z.infer<typeof memberUploadSchema>;
export const memberUploadsSchema = pagedSchema(memberUploadSchema);
export type MemberUploads = z.infer<typeof memberUploadsSchema>;

export const memberCommentSchema = z.object({
  id: z.number().int(),
  section: z.string().describe('What it is on: video, album, playlist, model, channel'),
  object_id: z.number().int(),
  body: z.string(),
  shown: z.boolean().describe('False once staff removed it'),
  created_at: isoTimeSchema,
});
export type MemberComment = z.infer<typeof memberCommentSchema>;
export const memberCommentsSchema = pagedSchema(memberCommentSchema);
export type MemberComments = z.infer<typeof memberCommentsSchema>;

export const memberWallPostSchema = z.object({
  id: z.number().int(),
  owner_id: z.number().int().describe('Whose wall'),
  owner: z.string(),
  body: z.string(),
  shown: z.boolean(),
  created_at: isoTimeSchema,
});
export type MemberWallPost = z.infer<typeof memberWallPostSchema>;
export const memberWallPostsSchema = pagedSchema(memberWallPostSchema);
export type MemberWallPosts = z.infer<typeof memberWallPostsSchema>;

export const memberReportSchema = z.object({
  id: z.number().int(),
  subject: z.enum(['dmca', 'technical', 'inappropriate', 'support']),
  state: z.enum(['new', 'in_progress', 'resolved', 'rejected']),
  object_type: z.enum(['video', 'album', 'comment', 'member']),
  object_id: z.number().int(),
  message: z.string(),
  created_at: isoTimeSchema,
});
export type MemberReport = z.infer<typeof memberReportSchema>;
export const memberReportsSchema = pagedSchema(memberReportSchema);
export type MemberReports = z.infer<typeof memberReportsSchema>;

export const banAnswerSchema = z.object({
  success: z.literal(1),
  ban_id: z.number().int(),
  hidden: z.number().int().describe('Objects taken down with the ban'),
});

export const unbanAnswerSchema = z.object({
  success: z.literal(1),
  restored: z.number().int().describe('Objects the ban had taken down, now back'),
});

export const strikeAnswerSchema = z.object({
  success: z.literal(1),
  strike_id: z.number().int(),
  in_force: z.number().int(),
  banned: z.boolean().describe('The strike reached STRIKES_TO_BAN and banned the member'),
});

export const commentsRemovedSchema = z.object({
  success: z.literal(1),
  removed: z.number().int(),
});
