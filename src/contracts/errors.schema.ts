import { ERROR_CODES } from './errors.ts';
import { z } from './zod.ts';

// The failure body as a schema, for the OpenAPI document (kept apart from errors.ts so the
// web app's bundle does not carry zod).

export const apiFailureSchema = z.object({
  error: z.string().describe('English message; the web app shows the translation of `code`'),
  code: z.enum(ERROR_CODES),
  field: z.string().optional().describe('The input the failure is about'),
  info: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  codes: z
    .array(z.object({ field: z.string(), code: z.enum(ERROR_CODES) }))
    .optional()
    .describe('Forms: one failure per field (`notify`: shown as a toast)'),
});
