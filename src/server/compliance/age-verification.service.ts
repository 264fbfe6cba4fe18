import { AppError } from '../../contracts/errors.ts';
import type { AgeVerificationRepository } from './age-verification.repository.ts';
import type { AgeVerifier } from './age-verifier.ts';

// SPEC.md §4 UK gate: a member sends a photo; when the verifier accepts it the member is
// age-verified for good. The photo is judged in memory and dropped (decision 0018).

export interface AgeVerificationService {
  verify(userId: number, image: Buffer): Promise<{ success: 1 }>;
}

export function createAgeVerificationService(deps: {
  verifier: AgeVerifier;
  users: AgeVerificationRepository;
  /** The member's cached session and profile now tell an old story. */
  changed(userId: number): void;
}): AgeVerificationService {
  return {
    async verify(userId, image) {
      const check = await deps.verifier.verify(image);
      if (!check.ok) throw new AppError(check.reason, { field: 'file' });
      if (!(await deps.users.markVerified(userId))) throw new AppError('need_auth');
      deps.changed(userId);
      return { success: 1 };
    },
  };
}
