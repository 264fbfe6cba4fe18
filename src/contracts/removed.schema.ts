import { MODERATION_REASONS } from './moderation.ts';
import { z } from './zod.ts';

// What a taken-down object's answer adds (decision 0047): clients that read status 5 as
// deleted keep doing so; the site reads `removed` to say why it is gone.

export const removedSchema = z
  .object({
    reason: z.enum(MODERATION_REASONS).describe('Why staff removed it'),
  })
  .describe('Present when staff took the object down (a takedown in force)');
export type Removed = z.infer<typeof removedSchema>;
