import type { ProfileField } from '../../contracts/profile.rules.ts';
import type { Database } from '../../db/client.ts';

// Hand-written SQL of a member's own profile: the full row (with the e-mail address, never
// shown to anyone else), its changes, the password and the picture versions. Form field
// names are the users columns (contracts/profile.rules.ts).

export interface OwnProfileRow {
  id: number;
  username: string;
  display_name: string;
  email: string;
  /** The asked-for new address while its link lives (decision 0034). */
  pending_email: string | null;
  /** The account has a password (not one made with Google alone). */
  has_password: boolean;
  avatar_version: number;
  cover_version: number;
  age_verified: boolean;
  gender: number | null;
  birth_date: string | null;
  relationship: number | null;
  orientation: number | null;
  country: string | null;
  city: string;
  education: string;
  occupation: string;
  website: string;
  interests: string;
  about: string;
}

export type ProfileImageColumn = 'avatar_version' | 'cover_version';

/** Stored form of each field: numbers for the value tables, NULL for '' where nullable. */
const COLUMN: Record<ProfileField, 'smallint' | 'nullable' | 'text'> = {
  gender: 'smallint',
  birth_date: 'nullable',
  relationship: 'smallint',
  orientation: 'smallint',
  country: 'nullable',
  city: 'text',
  education: 'text',
  occupation: 'text',
  website: 'text',
  interests: 'text',
  about: 'text',
};

export interface MemberProfileRepository {
  /** The active member's own row; undefined when the account is gone or disabled. */
  own(userId: number): Promise<OwnProfileRow | undefined>;
  /** Writes the given fields at once ('' clears); nothing else of the row changes. */
  update(userId: number, changes: Partial<Record<ProfileField, string>>): Promise<void>;
  passwordHash(userId: number): Promise<string | null | undefined>;
  /** The new password; every session of the member but `keepSessionHash` ends. */
  setPassword(userId: number, passwordHash: string, keepSessionHash: string): Promise<void>;
  /** A new picture was written: the next version (1-32767, wrapping), so its URL changes. */
  bumpImage(userId: number, column: ProfileImageColumn): Promise<number>;
  /** The picture was removed: version 0 (no picture). */
  clearImage(userId: number, column: ProfileImageColumn): Promise<void>;
}

export function createMemberProfileRepository(
  database: Pick<Database, 'query' | 'transaction'>,
): MemberProfileRepository {
  return {
    async own(userId) {
      const [row] = await database.query<OwnProfileRow>(
        `SELECT id, username, display_name, email, avatar_version, cover_version, age_verified,
                gender, birth_date, relationship, orientation, trim(country) AS country, city,
                education, occupation, website, interests, about,
                password_hash IS NOT NULL AS has_password,
                (SELECT c.new_email FROM email_changes c
                  WHERE c.user_id = users.id AND c.expires_at > now()) AS pending_email
           FROM users WHERE id = $1 AND status = 1`,
        [userId],
      );
      return row ? { ...row, id: Number(row.id) } : undefined;
    },

    async update(userId, changes) {
      const params: unknown[] = [userId];
      const sets: string[] = [];
      for (const [field, value] of Object.entries(changes) as [ProfileField, string][]) {
        const kind = COLUMN[field];
        // Only the allow-listed columns above ever reach the SQL text.
        if (kind === undefined) continue;
        params.push(kind === 'text' ? value : value === '' ? null : value);
        sets.push(`${field} = $${params.length}${kind === 'smallint' ? '::smallint' : ''}`);
      }
      if (sets.length === 0) return;
      await database.query(
        `UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`,
        params,
      );
    },

    async passwordHash(userId) {
      const [row] = await database.query<{ password_hash: string | null }>(
        'SELECT password_hash FROM users WHERE id = $1 AND status = 1',
        [userId],
      );
      return row ? row.password_hash : undefined;
    },

    async setPassword(userId, passwordHash, keepSessionHash) {
      await database.transaction(async (tx) => {
        await tx.query(
          `UPDATE users SET password_hash = $2, failed_logins = 0, login_locked_until = NULL,
                  updated_at = now()
            WHERE id = $1`,
          [userId, passwordHash],
        );
        await tx.query('DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2', [
          userId,
          keepSessionHash,
        ]);
      });
    },

    async bumpImage(userId, column) {
      const [row] = await database.query<{ version: number }>(
        `UPDATE users SET ${column} = ${column} % 32767 + 1, updated_at = now()
          WHERE id = $1 RETURNING ${column} AS version`,
        [userId],
      );
      return Number(row?.version ?? 0);
    },

    async clearImage(userId, column) {
      await database.query(`UPDATE users SET ${column} = 0, updated_at = now() WHERE id = $1`, [
        userId,
      ]);
    },
  };
}
