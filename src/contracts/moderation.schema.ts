import { GENDERS } from './constants.ts';
import { isoTimeSchema, pagedSchema } from './page.schema.ts';
import { recordSummarySchema } from './records.schema.ts';
import { z } from './zod.ts';

// Shapes of the console's API (`/api/admin/…`, decision 0043). Staff answers are private and
// never cached.

export const consoleMeSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(['moderator', 'administrator']),
  permissions: z
    .array(z.string())
    .describe(
      'Every `action:entity:own|any` the staff member holds (src/server/kernel/access/policy.ts)',
    ),
});
export type ConsoleMe = z.infer<typeof consoleMeSchema>;

export const reviewQueueItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  dir: z.string(),
  duration: z.number().int().describe('Seconds'),
  is_private: z.boolean(),
  uploaded_at: isoTimeSchema,
  waiting_since: isoTimeSchema.describe(
    'When its first rung was ready: the queue runs oldest first',
  ),
  thumb: z.string().describe('Signed URL of the preview picture'),
  user: z.object({ id: z.number().int(), username: z.string(), trusted: z.boolean() }),
  appeal: z
    .boolean()
    .describe(
      'Back in the queue because the member appealed a rejection: another moderator decides',
    ),
  record: z.boolean().describe('A 2257 record was filed: without one it cannot be approved'),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;

export const reviewQueueSchema = pagedSchema(reviewQueueItemSchema);
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

export const VIDEO_STATES = [
  'disabled',
  'active',
  'error',
  'processing',
  'deleted',
  'review',
  'rejected',
  'removed',
] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

export const statementSchema = z.object({
  id: z.number().int(),
  decision: z.enum(['rejected', 'removed', 'strike', 'banned']),
  reason: z.string().describe('One of MODERATION_REASONS'),
  note: z.string(),
  created_at: isoTimeSchema,
  decided_by: z.string().describe('The staff member’s username (console only)'),
  appeal_state: z.enum(['none', 'open', 'upheld', 'reversed']),
  appeal_text: z.string().nullable(),
});
export type Statement = z.infer<typeof statementSchema>;

export const reviewItemSchema = z.object({
  video: z.object({
    id: z.number().int(),
    title: z.string(),
    dir: z.string(),
    description: z.string(),
    orientation: z.enum(GENDERS).describe('The section: its categories are the ones to pick'),
    duration: z.number().int(),
    is_private: z.boolean(),
    exclusive: z.boolean().describe('Declared exclusive to this site at upload'),
    uploaded_at: isoTimeSchema,
    state: z.enum(VIDEO_STATES),
    tags: z.array(z.string()),
    categories: z.array(z.object({ id: z.number().int(), title: z.string() })),
    models: z.array(z.object({ id: z.number().int(), title: z.string() })),
    hls: z.string().describe('Signed URL of the HLS master playlist; empty when none'),
    poster: z.string().describe('Signed URL of the preview picture'),
    screenshots: z.array(z.string()).describe('Signed URLs, in time order'),
    timeline: z
      .string()
      .describe('Signed URL of the WebVTT sprite timeline (the contact sheet); empty when none'),
    width: z.number().int(),
    height: z.number().int(),
  }),
  uploader: z.object({
    id: z.number().int(),
    username: z.string(),
    joined: isoTimeSchema,
    trusted: z.boolean(),
    uploads: z.number().int().describe('Videos uploaded, every state'),
    published: z.number().int(),
    rejections: z.number().int(),
    reports: z.number().int().describe('Reports about their videos or them'),
    strikes: z.number().int(),
  }),
  duplicates: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      state: z.enum(VIDEO_STATES),
      why: z.enum(['same_title', 'same_uploader_title']),
    }),
  ),
  statements: z.array(statementSchema).describe('Earlier decisions on this video'),
  record: recordSummarySchema
    .nullable()
    .describe(
      'The 2257 record filed with the upload (decision 0055): that it exists and its kind, never its contents; null: none, and the video cannot be approved (`records_missing`)',
    ),
  fingerprint_matches: z
    .array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        state: z.enum(VIDEO_STATES),
        similarity: z.number().describe('Share of the frames alike at the best offset, 0 to 1'),
        offset_s: z.number().int().describe('Seconds this upload starts into the other video'),
        verdict: z.enum(['match', 'near']),
        takedown_reason: z.string().describe('Why it was taken down, when it is; else empty'),
        poster: z.string().describe('Signed poster of the other video; empty when none'),
        hls: z.string().describe('Signed HLS master of the other video; empty when none'),
      }),
    )
    .describe('Videos whose perceptual fingerprint this upload matched (decision 0056)'),
  queue: z.object({
    position: z.number().int().describe('1-based place in the queue; 0 when not waiting'),
    total: z.number().int(),
    previous: z.number().int().nullable().describe('The video waiting before this one'),
    next: z.number().int().nullable().describe('The next video waiting after this one'),
  }),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const decisionAnswerSchema = z.object({
  success: z.literal(1),
  next: z.number().int().nullable().describe('The next video waiting, if any'),
});

export const successSchema = z.object({ success: z.literal(1) });

export const consoleMemberSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['member', 'moderator', 'administrator']),
  trusted: z.boolean(),
  status: z.enum(['unconfirmed', 'active', 'banned']),
  joined: isoTimeSchema,
  uploads: z.number().int(),
});
export type ConsoleMember = z.infer<typeof consoleMemberSchema>;
export const consoleMembersSchema = pagedSchema(consoleMemberSchema);
export type ConsoleMembers = z.infer<typeof consoleMembersSchema>;

export const auditRowSchema = z.object({
  id: z.number().int(),
  at: isoTimeSchema,
  actor: z.object({ id: z.number().int(), username: z.string(), role: z.string() }),
  action: z.string(),
  object_type: z.string(),
  object_id: z.number().int(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  note: z.string(),
  ip: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;
export const auditPageSchema = pagedSchema(auditRowSchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

export const reportRowSchema = z.object({
  id: z.number().int(),
  subject: z.enum(['dmca', 'technical', 'inappropriate', 'support']),
  state: z.enum(['new', 'in_progress', 'resolved', 'rejected']),
  email: z.string(),
  message: z.string().describe('The first 200 characters in lists; all of it for one report'),
  object: z
    .object({
      type: z.enum(['video', 'album', 'comment', 'member']),
      id: z.number().int(),
      label: z.string().describe('A few words naming it; empty when it is gone'),
      path: z.string().describe('Its page on the site; empty when none'),
    })
    .nullable(),
  reporter: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  assignee: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  created_at: isoTimeSchema,
  attachment: z.boolean().describe('A picture came with it'),
});
export type ReportRow = z.infer<typeof reportRowSchema>;
export const reportsPageSchema = pagedSchema(reportRowSchema);
export type ReportsPage = z.infer<typeof reportsPageSchema>;

export const reportItemSchema = z.object({
  report: reportRowSchema.extend({
    referrer: z.string(),
    lang: z.string(),
    ip: z.string(),
    user_agent: z.string(),
    attachment_url: z.string().describe('The picture, for staff; empty when none'),
    resolved_at: isoTimeSchema.nullable(),
  }),
  same_object: z
    .array(
      z.object({
        id: z.number().int(),
        subject: z.string(),
        state: z.string(),
        created_at: isoTimeSchema,
      }),
    )
    .describe('Other reports about the same object, newest first'),
  history: z.array(auditRowSchema).describe('What staff did with this report'),
});
export type ReportItem = z.infer<typeof reportItemSchema>;

export const takedownRowSchema = z.object({
  id: z.number().int(),
  object_type: z.string(),
  object_id: z.number().int(),
  title: z.string().describe('The object’s title or name, when it has one'),
  text: z.string().describe('A removed comment’s text, for staff; empty for other objects'),
  path: z.string().describe('The site page that shows the object (or showed it), or empty'),
  reason: z.string(),
  note: z.string(),
  by: z.string().describe('The staff member who took it down'),
  report_id: z.number().int().nullable(),
  created_at: isoTimeSchema,
  restored_at: isoTimeSchema.nullable(),
  restored_by: z.string(),
  restore_note: z.string(),
});
export type TakedownRow = z.infer<typeof takedownRowSchema>;
export const takedownsPageSchema = pagedSchema(takedownRowSchema);
export type TakedownsPage = z.infer<typeof takedownsPageSchema>;

export const takedownAnswerSchema = z.object({
  success: z.literal(1),
  takedown_id: z.number().int(),
});

export const appealRowSchema = z.object({
  id: z.number().int().describe('The statement of reasons appealed'),
  member: z.object({ id: z.number().int(), username: z.string() }),
  object_type: z.string(),
  object_id: z.number().int(),
  title: z.string().describe('The video’s title, when it is one'),
  decision: z.enum(['removed', 'strike']),
  reason: z.string(),
  note: z.string(),
  decided_by: z.string(),
  decided_at: isoTimeSchema,
  appeal_text: z.string(),
  appealed_at: isoTimeSchema,
  can_decide: z
    .boolean()
    .describe('False for the staff member who made the decision: someone else answers'),
});
export type AppealRow = z.infer<typeof appealRowSchema>;

export const appealsPageSchema = pagedSchema(appealRowSchema);
export type AppealsPage = z.infer<typeof appealsPageSchema>;
