import type { Database } from '../../db/client.ts';

// Hand-written SQL of accounts: sign-in lookups, sign-up, mailed tokens and sessions. Tokens
// and session ids arrive here already hashed. The old per-account lock (`failed_logins`,
// `login_locked_until`) is retired: sign-in failures count in `rate_limits` (decision 0023).

export interface LoginRow {
  id: number;
  username: string;
  password_hash: string | null;
  status: number;
  /** `users.role`: staff take a second step (staff/staff.service.ts). */
  role: number;
}

export interface SessionRow {
  user_id: number;
  username: string;
  avatar_version: number;
  age_verified: boolean;
  /** `users.role` (kernel/access/roles.ts). */
  role: number;
  trusted_uploader: boolean;
  /** The session was started with a second factor (a staff sign-in). */
  second_factor: boolean;
  /** The session was last marked as seen over an hour ago. */
  stale: boolean;
}

export type TokenPurpose = 'confirm' | 'reset';

/** An account as Google sign-in sees it (decision 0016). */
export interface GoogleAccountRow {
  id: number;
  username: string;
  status: number;
  google_sub: string | null;
  role: number;
}

export interface AccountRepository {
  /** The account a sign-in names, by username or email (case-insensitive). */
  findForLogin(usrOrEmail: string): Promise<LoginRow | undefined>;
  recordSuccess(userId: number): Promise<void>;
  /** Which of username and email are taken (case-insensitive). */
  occupied(username: string, email: string): Promise<{ username: boolean; email: boolean }>;
  /** A new unconfirmed account; undefined when the username or email was taken meanwhile. */
  createUser(input: {
    username: string;
    email: string;
    passwordHash: string;
    lang: string;
  }): Promise<number | undefined>;
  findByEmail(
    email: string,
  ): Promise<
    { id: number; username: string; email: string; status: number; lang: string } | undefined
  >;
  createToken(
    userId: number,
    purpose: TokenPurpose,
    tokenHash: string,
    ttlS: number,
  ): Promise<void>;
  /** The live token's account; `consume` deletes every token of that purpose for it. */
  redeemToken(
    tokenHash: string,
    purpose: TokenPurpose,
    consume: boolean,
  ): Promise<
    { userId: number; username: string; email: string; lang: string; role: number } | undefined
  >;
  /** Tokens of this purpose made for the account within the window (mail flood guard). */
  recentTokens(userId: number, purpose: TokenPurpose, windowS: number): Promise<number>;
  confirm(userId: number): Promise<void>;
  /** New password: confirms the mailbox, ends every session and a pending email change. */
  setPassword(userId: number, passwordHash: string): Promise<void>;
  createSession(input: {
    idHash: string;
    userId: number;
    ttlS: number;
    userAgent: string;
    ip: string;
    /** Started with a second factor: the only kind of session a staff role counts in. */
    secondFactor?: boolean;
  }): Promise<void>;
  findSession(idHash: string): Promise<SessionRow | undefined>;
  /** Marks the session seen; with a `ttlS` it also slides its end (members only). */
  touchSession(idHash: string, ttlS: number | undefined): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  /** Videos in the member's history, counted up to `cap`. */
  historyCount(userId: number, cap: number): Promise<number>;
  /** Expired sessions and tokens; unconfirmed accounts older than `unconfirmedS`. */
  purge(unconfirmedS: number): Promise<void>;
  /** The account linked to this Google subject. */
  findByGoogleSub(sub: string): Promise<GoogleAccountRow | undefined>;
  /** The account of this email (case-insensitive), linked or not. */
  findByEmailForGoogle(email: string): Promise<GoogleAccountRow | undefined>;
  /**
   * Links a Google subject to an account that has none. An unconfirmed account becomes
   * active and loses the password it was made with (nobody proved that mailbox with it)
   * and its confirmation links. False when the account has a subject already.
   */
  linkGoogle(userId: number, sub: string): Promise<boolean>;
  /** A new active account without a password; undefined when the username or email was taken. */
  createGoogleUser(input: {
    username: string;
    email: string;
    googleSub: string;
    lang: string;
  }): Promise<number | undefined>;
  /** Which of these usernames are taken, lower-cased. */
  takenUsernames(usernames: string[]): Promise<Set<string>>;
}

export function createAccountRepository(database: Database): AccountRepository {
  const one = async <T extends object>(text: string, params: unknown[]) =>
    (await database.query<T>(text, params))[0];

  return {
    findForLogin(usrOrEmail) {
      const byEmail = usrOrEmail.includes('@');
      return one<LoginRow>(
        `SELECT id, username, password_hash, status, role
           FROM users WHERE ${byEmail ? 'lower(email)' : 'lower(username)'} = lower($1)`,
        [usrOrEmail],
      );
    },

    async recordSuccess(userId) {
      await database.query('UPDATE users SET last_login_at = now() WHERE id = $1', [userId]);
    },

    async occupied(username, email) {
      const row = await one<{ username: boolean; email: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower($1)) AS username,
                EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($2)) AS email`,
        [username, email],
      );
      return { username: row?.username === true, email: row?.email === true };
    },

    async createUser(input) {
      const row = await one<{ id: number }>(
        `INSERT INTO users (username, email, password_hash, status, lang)
         VALUES ($1, $2, $3, 0, $4)
         ON CONFLICT DO NOTHING
         RETURNING id`,
        [input.username, input.email, input.passwordHash, input.lang],
      );
      return row ? Number(row.id) : undefined;
    },

    async findByEmail(email) {
      const row = await one<{
        id: number;
        username: string;
        email: string;
        status: number;
        lang: string;
      }>('SELECT id, username, email, status, lang FROM users WHERE lower(email) = lower($1)', [
        email,
      ]);
      return row ? { ...row, id: Number(row.id) } : undefined;
    },

    async createToken(userId, purpose, tokenHash, ttlS) {
      await database.query(
        `INSERT INTO account_tokens (token_hash, user_id, purpose, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(secs => $4))`,
        [tokenHash, userId, purpose, ttlS],
      );
    },

    async redeemToken(tokenHash, purpose, consume) {
      const found = async (tx: Pick<Database, 'query'>) => {
        const [row] = await tx.query<{
          user_id: number;
          username: string;
          email: string;
          lang: string;
          role: number;
        }>(
          `SELECT t.user_id, u.username, u.email, u.lang, u.role
             FROM account_tokens t JOIN users u ON u.id = t.user_id
            WHERE t.token_hash = $1 AND t.purpose = $2 AND t.expires_at > now() AND u.status <> 2`,
          [tokenHash, purpose],
        );
        return row
          ? {
              userId: Number(row.user_id),
              username: row.username,
              email: row.email,
              lang: row.lang,
              role: Number(row.role),
            }
          : undefined;
      };
      if (!consume) return found(database);
      return database.transaction(async (tx) => {
        const row = await found(tx);
        if (!row) return undefined;
        // Every reset link of the account dies with the one used: none can be replayed.
        const deleted = await tx.query(
          'DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2 RETURNING 1',
          [row.userId, purpose],
        );
        return deleted.length > 0 ? row : undefined;
      });
    },

    async recentTokens(userId, purpose, windowS) {
      const row = await one<{ n: number | string }>(
        `SELECT count(*) AS n FROM account_tokens
          WHERE user_id = $1 AND purpose = $2 AND created_at > now() - make_interval(secs => $3)`,
        [userId, purpose, windowS],
      );
      return Number(row?.n ?? 0);
    },

    async confirm(userId) {
      await database.query('UPDATE users SET status = 1 WHERE id = $1 AND status = 0', [userId]);
    },

    async setPassword(userId, passwordHash) {
      await database.transaction(async (tx) => {
        await tx.query(
          `UPDATE users SET password_hash = $2,
                  status = CASE WHEN status = 0 THEN 1 ELSE status END, updated_at = now()
            WHERE id = $1`,
          [userId, passwordHash],
        );
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
        // The mailbox of the account's address proved itself: a pending change of that
        // address, perhaps asked by whoever took the session, goes (decision 0034).
        await tx.query('DELETE FROM email_changes WHERE user_id = $1', [userId]);
      });
    },

    async createSession(input) {
      await database.query(
        `INSERT INTO sessions (id_hash, user_id, expires_at, user_agent, ip, second_factor)
         VALUES ($1, $2, now() + make_interval(secs => $3), $4, $5, $6)`,
        [
          input.idHash,
          input.userId,
          input.ttlS,
          input.userAgent.slice(0, 300),
          input.ip,
          input.secondFactor === true,
        ],
      );
    },

    async findSession(idHash) {
      const row = await one<SessionRow>(
        `SELECT s.user_id, u.username, u.avatar_version, u.age_verified, u.role, u.trusted_uploader,
                s.second_factor, s.last_seen_at < now() - interval '1 hour' AS stale
           FROM sessions s JOIN users u ON u.id = s.user_id
          WHERE s.id_hash = $1 AND s.expires_at > now() AND u.status = 1`,
        [idHash],
      );
      return row ? { ...row, user_id: Number(row.user_id), role: Number(row.role) } : undefined;
    },

    async touchSession(idHash, ttlS) {
      if (ttlS === undefined) {
        await database.query('UPDATE sessions SET last_seen_at = now() WHERE id_hash = $1', [
          idHash,
        ]);
        return;
      }
      await database.query(
        `UPDATE sessions SET last_seen_at = now(), expires_at = now() + make_interval(secs => $2)
          WHERE id_hash = $1`,
        [idHash, ttlS],
      );
    },

    async deleteSession(idHash) {
      await database.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
    },

    async historyCount(userId, cap) {
      const row = await one<{ n: number | string }>(
        'SELECT count(*) AS n FROM (SELECT 1 FROM history WHERE user_id = $1 LIMIT $2) h',
        [userId, cap],
      );
      return Number(row?.n ?? 0);
    },

    async purge(unconfirmedS) {
      await database.query('DELETE FROM sessions WHERE expires_at < now()');
      await database.query('DELETE FROM account_tokens WHERE expires_at < now()');
      await database.query(
        `DELETE FROM users WHERE status = 0 AND password_hash IS NOT NULL
            AND created_at < now() - make_interval(secs => $1)
            AND NOT EXISTS (SELECT 1 FROM videos v WHERE v.user_id = users.id)`,
        [unconfirmedS],
      );
    },

    async findByGoogleSub(sub) {
      const row = await one<GoogleAccountRow>(
        `SELECT id, username, status, google_sub, role
           FROM users WHERE google_sub = $1`,
        [sub],
      );
      return row ? { ...row, id: Number(row.id) } : undefined;
    },

    async findByEmailForGoogle(email) {
      const row = await one<GoogleAccountRow>(
        `SELECT id, username, status, google_sub, role
           FROM users WHERE lower(email) = lower($1)`,
        [email],
      );
      return row ? { ...row, id: Number(row.id) } : undefined;
    },

    linkGoogle(userId, sub) {
      return database.transaction(async (tx) => {
        const [row] = await tx.query<{ was: number }>(
          `UPDATE users u SET google_sub = $2,
                  password_hash = CASE WHEN u.status = 0 THEN NULL ELSE u.password_hash END,
                  status = CASE WHEN u.status = 0 THEN 1 ELSE u.status END,
                  updated_at = now()
             FROM (SELECT status FROM users WHERE id = $1) old
            WHERE u.id = $1 AND u.google_sub IS NULL
           RETURNING old.status AS was`,
          [userId, sub],
        );
        if (!row) return false;
        if (Number(row.was) === 0) {
          await tx.query(`DELETE FROM account_tokens WHERE user_id = $1 AND purpose = 'confirm'`, [
            userId,
          ]);
        }
        return true;
      });
    },

    async createGoogleUser(input) {
      const row = await one<{ id: number }>(
        `INSERT INTO users (username, email, password_hash, status, lang, google_sub)
         VALUES ($1, $2, NULL, 1, $3, $4)
         ON CONFLICT DO NOTHING
         RETURNING id`,
        [input.username, input.email, input.lang, input.googleSub],
      );
      return row ? Number(row.id) : undefined;
    },

    async takenUsernames(usernames) {
      if (usernames.length === 0) return new Set();
      const rows = await database.query<{ name: string }>(
        'SELECT lower(username) AS name FROM users WHERE lower(username) = ANY($1::text[])',
        [usernames.map((name) => name.toLowerCase())],
      );
      return new Set(rows.map((row) => row.name));
    },
  };
}
