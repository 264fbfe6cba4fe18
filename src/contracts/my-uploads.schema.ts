import { isoTimeSchema, pagedSchema } from './page.schema.ts';
import { z } from './zod.ts';

// The member's side of moderation (issue 16, decision 0045): their own uploads in every state
// with the statement of reasons of a rejected or removed one, and the appeal of a rejection.
// Private answers, never cached.

/** Uploads per page of the member's uploaded-videos tab. */
export const MY_UPLOADS_PAGE_SIZE = 24;

/** The states a member sees their upload in (a deleted one is gone from the list). */
export const MY_UPLOAD_STATES = [
  'processing',
  'review',
  'active',
  'rejected',
  'error',
  'disabled',
  'removed',
] as const;
export type MyUploadState = (typeof MY_UPLOAD_STATES)[number];

export const myStatementSchema = z.object({
  id: z.number().int(),
  decision: z.enum(['rejected', 'removed', 'strike', 'banned']),
  reason: z.string().describe('One of MODERATION_REASONS (src/contracts/moderation.ts)'),
  note: z.string().describe('The moderator’s note to the member; may be empty'),
  created_at: isoTimeSchema,
  appeal_state: z.enum(['none', 'open', 'upheld', 'reversed']),
  can_appeal: z
    .boolean()
    .describe('A rejection not appealed yet: POST /api/appeal.php with this statement’s id'),
});
export type MyStatement = z.infer<typeof myStatementSchema>;

export const myDmcaSchema = z.object({
  item_id: z.number().int(),
  state: z.enum(['taken_down', 'countered', 'restored', 'lawsuit']),
  claimant: z.string().describe('Who sent the notice (company or name)'),
  works: z.string().describe('The works they claim'),
  url: z.string().describe('The URL the notice named'),
  restore_after: isoTimeSchema
    .nullable()
    .describe('After a counter-notice: when the video comes back unless the claimant sues'),
  can_counter: z
    .boolean()
    .describe('Taken down and not countered yet: POST /api/counter_notice.php with item_id'),
});
export type MyDmca = z.infer<typeof myDmcaSchema>;

export const myUploadSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  dir: z.string(),
  state: z.enum(MY_UPLOAD_STATES),
  duration: z.number().int().describe('Seconds'),
  uploaded_at: isoTimeSchema,
  thumb: z
    .string()
    .describe('Signed URL of the thumbnail, whatever the state; the placeholder when none yet'),
  url: z.string().describe('The video’s page when published; empty otherwise'),
  statement: myStatementSchema
    .nullable()
    .describe(
      'The latest statement of reasons of a rejected or removed upload, or of one back in review on appeal',
    ),
  dmca: myDmcaSchema
    .nullable()
    .describe('The latest DMCA notice item that took the video down (decision 0049)'),
  record_filed: z
    .boolean()
    .describe(
      'Its 2257 record was filed with the upload (decision 0055); the member cannot read it back',
    ),
  failure: z
    .string()
    .nullable()
    .describe(
      'Why a failed upload failed (a SPEC.md §8 code): `video_reupload_blocked` and `video_duplicate` are refusals by its fingerprint (decision 0056)',
    ),
  refused_reason: z
    .string()
    .nullable()
    .describe(
      'For `video_reupload_blocked`: the reason (MODERATION_REASONS) the matching video was taken down for',
    ),
});
export type MyUpload = z.infer<typeof myUploadSchema>;

export const myUploadsSchema = pagedSchema(myUploadSchema);
export type MyUploads = z.infer<typeof myUploadsSchema>;

export const appealAnswerSchema = z.object({
  success: z.literal(1),
  video_id: z.number().int().describe('The video appealed about; 0 for a strike'),
  state: z
    .enum(['review', 'appealed'])
    .describe(
      '`review`: a rejected video is back in the review queue; `appealed`: a removal or strike waits for another staff member (decision 0049)',
    ),
});
export type AppealAnswer = z.infer<typeof appealAnswerSchema>;

/** Paths of the member's moderation calls. */
export const myUploadsPath = (page: number) => `/api/my_uploads.php?page=${page}`;
export const APPEAL_PATH = '/api/appeal.php';
