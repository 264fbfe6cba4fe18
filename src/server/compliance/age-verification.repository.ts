import type { Database } from '../../db/client.ts';

// SQL of the UK age check: the member's `age_verified` flag (SPEC.md §3 User).

export interface AgeVerificationRepository {
  /** Marks an active member as age-verified; false when there is no such member. */
  markVerified(userId: number): Promise<boolean>;
}

export function createAgeVerificationRepository(
  database: Pick<Database, 'query'>,
): AgeVerificationRepository {
  return {
    async markVerified(userId) {
      const rows = await database.query(
        `UPDATE users SET age_verified = true, updated_at = now()
          WHERE id = $1 AND status = 1 RETURNING id`,
        [userId],
      );
      return rows.length > 0;
    },
  };
}
