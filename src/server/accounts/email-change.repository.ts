import type { Database } from '../../db/client.ts';

// Hand-written SQL of the email change (decision 0034): the pending new address with its
// hashed token (one per member), and the change itself when the link is opened. Tokens
// arrive here already hashed.

export interface EmailChangeAccount {
  username: string;
  email: string;
  passwordHash: string | null;
  lang: string;
}

export type EmailChangeOutcome =
  | { outcome: 'changed'; userId: number; email: string }
  | { outcome: 'occupied'; userId: number }
  | { outcome: 'expired' };

export interface EmailChangeRepository {
  /** The active member's address, password hash, name and mail language. */
  account(userId: number): Promise<EmailChangeAccount | undefined>;
  /** Another account has this address (case-insensitive). */
  emailTaken(email: string, userId: number): Promise<boolean>;
  /** Stores the asked-for address and its token; an earlier request (and its link) goes. */
  request(userId: number, newEmail: string, tokenHash: string, ttlS: number): Promise<void>;
  /** The member's pending new address while its link lives. */
  pending(userId: number): Promise<string | undefined>;
  cancel(userId: number): Promise<void>;
  /**
   * Opens a link: a live token of an active member changes the address, once (the token
   * goes whatever happens next), unless another account took the address meanwhile. Reset
   * links mailed to the old address die with the change.
   */
  redeem(tokenHash: string): Promise<EmailChangeOutcome>;
  /** Pending changes whose link expired; answers how many went. */
  purge(): Promise<number>;
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

export function createEmailChangeRepository(
  database: Pick<Database, 'query' | 'transaction'>,
): EmailChangeRepository {
  return {
    async account(userId) {
      const [row] = await database.query<{
        username: string;
        email: string;
        password_hash: string | null;
        lang: string;
      }>('SELECT username, email, password_hash, lang FROM users WHERE id = $1 AND status = 1', [
        userId,
      ]);
      return row
        ? {
            username: row.username,
            email: row.email,
            passwordHash: row.password_hash,
            lang: row.lang,
          }
        : undefined;
    },

    async emailTaken(email, userId) {
      const rows = await database.query(
        'SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2 LIMIT 1',
        [email, userId],
      );
      return rows.length > 0;
    },

    async request(userId, newEmail, tokenHash, ttlS) {
      await database.query(
        `INSERT INTO email_changes (user_id, new_email, token_hash, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4))
         ON CONFLICT (user_id) DO UPDATE SET new_email = EXCLUDED.new_email,
           token_hash = EXCLUDED.token_hash, created_at = now(), expires_at = EXCLUDED.expires_at`,
        [userId, newEmail, tokenHash, ttlS],
      );
    },

    async pending(userId) {
      const [row] = await database.query<{ new_email: string }>(
        'SELECT new_email FROM email_changes WHERE user_id = $1 AND expires_at > now()',
        [userId],
      );
      return row?.new_email;
    },

    async cancel(userId) {
      await database.query('DELETE FROM email_changes WHERE user_id = $1', [userId]);
    },

    async redeem(tokenHash) {
      // Used up first and on its own: neither a refused change nor a lost race lets the link
      // be tried again.
      const [used] = await database.query<{ user_id: number; new_email: string; live: boolean }>(
        `DELETE FROM email_changes c USING users u
          WHERE c.token_hash = $1 AND u.id = c.user_id
        RETURNING c.user_id, c.new_email, (c.expires_at > now() AND u.status = 1) AS live`,
        [tokenHash],
      );
      if (!used?.live) return { outcome: 'expired' };
      const userId = Number(used.user_id);
      try {
        return await database.transaction(async (tx) => {
          const changed = await tx.query(
            `UPDATE users SET email = $2, updated_at = now()
              WHERE id = $1 AND NOT EXISTS (
                SELECT 1 FROM users o WHERE lower(o.email) = lower($2) AND o.id <> $1)
            RETURNING 1`,
            [userId, used.new_email],
          );
          if (changed.length === 0) return { outcome: 'occupied', userId } as const;
          await tx.query(`DELETE FROM account_tokens WHERE user_id = $1 AND purpose = 'reset'`, [
            userId,
          ]);
          return { outcome: 'changed', userId, email: used.new_email } as const;
        });
      } catch (error) {
        // Taken by a sign-up between the check and the update.
        if (isUniqueViolation(error)) return { outcome: 'occupied', userId };
        throw error;
      }
    },

    async purge() {
      const rows = await database.query(
        'DELETE FROM email_changes WHERE expires_at < now() RETURNING 1',
      );
      return rows.length;
    },
  };
}
