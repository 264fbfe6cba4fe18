import { DMCA_ITEM_STATES, DMCA_NOTICE_STATES } from './dmca.ts';
import { isoTimeSchema, pagedSchema } from './page.schema.ts';
import { z } from './zod.ts';

// Shapes of the DMCA calls (decision 0049): the console's notices (`/api/admin/dmca…`) and the
// member's counter-notice (`/api/counter_notice.php`). Private answers, never cached.

export const dmcaNoticeRowSchema = z.object({
  id: z.number().int(),
  state: z.enum(DMCA_NOTICE_STATES),
  claimant_name: z.string(),
  claimant_company: z.string(),
  claimant_email: z.string(),
  items: z.number().int().describe('URLs the notice names'),
  received_at: isoTimeSchema,
  entered_by: z.string().describe('The staff member who recorded it'),
});
export type DmcaNoticeRow = z.infer<typeof dmcaNoticeRowSchema>;

export const dmcaNoticesPageSchema = pagedSchema(dmcaNoticeRowSchema);
export type DmcaNoticesPage = z.infer<typeof dmcaNoticesPageSchema>;

export const dmcaItemSchema = z.object({
  id: z.number().int(),
  url: z.string().describe('As the claimant wrote it'),
  video_id: z.number().int().nullable().describe('The video it names; null when none matched'),
  title: z.string(),
  uploader: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  state: z.enum(DMCA_ITEM_STATES),
  takedown_id: z
    .number()
    .int()
    .nullable()
    .describe(
      'The takedown the notice made; null while pending, and for a video already down for another (not counterable)',
    ),
  counter: z
    .object({
      at: isoTimeSchema,
      name: z.string(),
      address: z.string(),
      phone: z.string(),
      statement: z.string(),
      signature: z.string(),
    })
    .nullable()
    .describe('The uploader’s counter-notice (§512(g)(3))'),
  restore_after: isoTimeSchema
    .nullable()
    .describe('When the video comes back unless a lawsuit is recorded'),
  lawsuit_at: isoTimeSchema.nullable(),
  lawsuit_note: z.string(),
  restored_at: isoTimeSchema.nullable(),
});
export type DmcaItem = z.infer<typeof dmcaItemSchema>;

export const dmcaNoticeSchema = z.object({
  id: z.number().int(),
  state: z.enum(DMCA_NOTICE_STATES),
  report_id: z.number().int().nullable(),
  claimant_name: z.string(),
  claimant_company: z.string(),
  claimant_email: z.string(),
  claimant_address: z.string(),
  claimant_phone: z.string(),
  works: z.string(),
  good_faith: z.boolean(),
  signature: z.string(),
  note: z.string().describe('Staff’s note of a rejection'),
  received_at: isoTimeSchema,
  entered_by: z.string(),
  decided_at: isoTimeSchema.nullable(),
  decided_by: z.string(),
  items: z.array(dmcaItemSchema),
});
export type DmcaNotice = z.infer<typeof dmcaNoticeSchema>;

export const dmcaRecordAnswerSchema = z.object({
  success: z.literal(1),
  id: z.number().int(),
  not_found: z.number().int().describe('URLs that name no video of the site'),
});
export type DmcaRecordAnswer = z.infer<typeof dmcaRecordAnswerSchema>;

export const dmcaActAnswerSchema = z.object({
  success: z.literal(1),
  taken_down: z.number().int().describe('Videos taken down by this act'),
});
export type DmcaActAnswer = z.infer<typeof dmcaActAnswerSchema>;

export const counterNoticeAnswerSchema = z.object({
  success: z.literal(1),
  restore_after: isoTimeSchema.describe('When the video comes back unless the claimant sues'),
});
export type CounterNoticeAnswer = z.infer<typeof counterNoticeAnswerSchema>;

export const COUNTER_NOTICE_PATH = '/api/counter_notice.php';
