import { ageCheckPassSchema, ageCheckPendingSchema } from '../../contracts/age-check.schema.ts';
import { ApiError } from '../api/client.ts';

// The answer to a photo sent to the UK age check (POST /api/age_verification.php, decision
// 0054), read with its contract: a pass, or a check decided later. Anything else is a
// failure to say so, never a "waiting for review" that no poll would ever end.

export type AgeCheckSent = 'passed' | 'pending';

export function ageCheckSent(answer: unknown): AgeCheckSent {
  if (ageCheckPassSchema.safeParse(answer).success) return 'passed';
  if (ageCheckPendingSchema.safeParse(answer).success) return 'pending';
  throw new ApiError(200, { error: 'Unexpected answer', code: 'general_error' });
}
