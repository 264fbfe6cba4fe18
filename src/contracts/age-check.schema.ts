import { isoTimeSchema, pagedSchema } from './page.schema.ts';
import { z } from './zod.ts';

// Shapes of the UK age check (SPEC.md §4, §7; decision 0054): the member's answers of
// `/api/age_verification.php` and the console's queue of photos waiting for a moderator.

/** Where a member's latest check stands; `none` before their first. */
export const AGE_CHECK_STATES = ['none', 'pending', 'passed', 'failed'] as const;
export type AgeCheckStatus = (typeof AGE_CHECK_STATES)[number];

/** A pass: the answer existing clients know (SPEC.md §7). */
export const ageCheckPassSchema = z.object({ success: z.literal(1) });

/**
 * HTTP 202: the provider has not decided yet. `success` is 0, so a client that only knows
 * `success: 1` does not take it for a pass.
 */
export const ageCheckPendingSchema = z.object({
  success: z.literal(0),
  pending: z.literal(1),
  state: z.literal('pending'),
  status_url: z.string().describe('GET it to learn the result (members only)'),
});
export type AgeCheckPending = z.infer<typeof ageCheckPendingSchema>;

export const ageCheckStatusSchema = z.object({
  state: z.enum(AGE_CHECK_STATES),
  age_verified: z.boolean(),
  method: z.string().describe('How the latest check was judged; empty for none'),
  decided_at: isoTimeSchema.nullable(),
});
export type AgeCheckStatusAnswer = z.infer<typeof ageCheckStatusSchema>;

export const ageCheckQueueItemSchema = z.object({
  id: z.number().int(),
  member: z.object({ id: z.number().int(), username: z.string() }),
  submitted_at: isoTimeSchema,
  expires_at: isoTimeSchema.describe('Undecided by then, the photo is deleted and the check fails'),
  photo: z.string().describe('The photo, for staff only, never cached'),
});
export type AgeCheckQueueItem = z.infer<typeof ageCheckQueueItemSchema>;

export const ageCheckQueueSchema = pagedSchema(ageCheckQueueItemSchema);
export type AgeCheckQueue = z.infer<typeof ageCheckQueueSchema>;

export const ageCheckDecisionSchema = z.object({
  success: z.literal(1),
  next: z.number().int().nullable().describe('The next check waiting, if any'),
});
