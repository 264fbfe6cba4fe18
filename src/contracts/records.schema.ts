import { isoTimeSchema } from './page.schema.ts';
import { z } from './zod.ts';

// The 2257 record of a video as the console shows it (decision 0055): whole to an
// administrator (every read audited), as a summary to moderators on the review screen.

export const recordSummarySchema = z
  .object({
    filed_at: isoTimeSchema,
    exemption: z
      .string()
      .nullable()
      .describe('The ground claimed; null when performers are declared'),
    performers: z.number().int().describe('How many performers are declared'),
  })
  .describe('That a 2257 record was filed, never its contents');
export type RecordSummary = z.infer<typeof recordSummarySchema>;

export const recordDocumentSchema = z.object({
  id: z.string().describe('The document id: GET /api/admin/records/{video}/documents/{id}'),
  kind: z.enum(['id_document', 'release']),
  type: z.enum(['image/jpeg', 'image/png', 'application/pdf']),
  size: z.number().int(),
});
export type RecordDocument = z.infer<typeof recordDocumentSchema>;

export const recordPerformerSchema = z.object({
  legal_name: z.string(),
  birth_date: z.string().describe('YYYY-MM-DD'),
  aliases: z.array(z.string()),
  age_at_production: z.number().int(),
  documents: z.array(recordDocumentSchema),
});
export type RecordPerformer = z.infer<typeof recordPerformerSchema>;

export const recordAnswerSchema = z.object({
  video: z.object({
    id: z.number().int(),
    title: z.string(),
    state: z.string(),
    uploader: z.object({ id: z.number().int(), username: z.string() }),
  }),
  record: z.object({
    filed_at: isoTimeSchema,
    key_id: z.string().describe('The records key it is sealed under'),
    rules_confirmed_at: z.string().describe('When the uploader confirmed the forbidden content'),
    declared_from: z.string().describe('The address the declaration came from'),
    exemption: z.string().nullable(),
    production_date: z.string().nullable(),
    performers: z.array(recordPerformerSchema),
  }),
});
export type RecordAnswer = z.infer<typeof recordAnswerSchema>;

/** `POST /api/video_edit.php` `section=records`: the record of an own video, filed late. */
export const recordFiledSchema = z.object({
  success: z.literal(1),
  video_id: z.string().regex(/^\d+$/),
  record_filed: z.literal(true),
});
export type RecordFiled = z.infer<typeof recordFiledSchema>;
