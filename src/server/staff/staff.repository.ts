import type { Database } from '../../db/client.ts';

// Hand-written SQL of staff accounts: roles, the TOTP enrolment and recovery codes. A role
// change and the end of the account's sessions are one transaction (decision 0038): no
// session outlives the role it was started with.

export interface StaffAccountRow {
  id: number;
  username: string;
  email: string;
  status: number;
  role: number;
}

export interface StaffListRow extends StaffAccountRow {
  enrolled: boolean;
  recovery_left: number;
  last_login_at: Date | string | null;
}

/** What `add` and `reset-2fa` store: the encrypted secret and the recovery codes' hashes. */
export interface Enrolment {
  secretEnc: string;
  codeHashes: string[];
}

export interface StaffRepository {
  findAccount(username: string): Promise<StaffAccountRow | undefined>;
  findAccountById(userId: number): Promise<StaffAccountRow | undefined>;
  /** A new active account (the CLI's `--create`); undefined when the name or email is taken. */
  createAccount(input: {
    username: string;
    email: string;
    passwordHash: string;
  }): Promise<number | undefined>;
  /**
   * Sets the role and ends every session of the account; with an enrolment it replaces
   * the second factor, without one (back to member) it removes it.
   */
  setRole(userId: number, roleId: number, enrolment: Enrolment | undefined): Promise<void>;
  /** A new second factor for the same role; every session ends. */
  replaceFactor(userId: number, enrolment: Enrolment): Promise<void>;
  staff(): Promise<StaffListRow[]>;
  findFactor(userId: number): Promise<{ secretEnc: string; lastStep: number | null } | undefined>;
  /** Records the step as used; false when it (or a later one) was used already. */
  spendStep(userId: number, step: number): Promise<boolean>;
  /** Spends an unused recovery code; false when there is none with this hash. */
  spendRecoveryCode(userId: number, codeHash: string): Promise<boolean>;
}

export function createStaffRepository(database: Database): StaffRepository {
  const account = (row: StaffAccountRow | undefined) =>
    row ? { ...row, id: Number(row.id), role: Number(row.role) } : undefined;

  async function storeFactor(tx: Pick<Database, 'query'>, userId: number, enrolment: Enrolment) {
    await tx.query(
      `INSERT INTO staff_second_factors (user_id, secret_enc) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE
         SET secret_enc = EXCLUDED.secret_enc, last_step = NULL, created_at = now()`,
      [userId, enrolment.secretEnc],
    );
    await tx.query('DELETE FROM staff_recovery_codes WHERE user_id = $1', [userId]);
    await tx.query(
      `INSERT INTO staff_recovery_codes (user_id, code_hash)
       SELECT $1, unnest($2::text[])`,
      [userId, enrolment.codeHashes],
    );
  }

  return {
    async findAccount(username) {
      const [row] = await database.query<StaffAccountRow>(
        'SELECT id, username, email, status, role FROM users WHERE lower(username) = lower($1)',
        [username],
      );
      return account(row);
    },

    async findAccountById(userId) {
      const [row] = await database.query<StaffAccountRow>(
        'SELECT id, username, email, status, role FROM users WHERE id = $1',
        [userId],
      );
      return account(row);
    },

    async createAccount(input) {
      const [row] = await database.query<{ id: number }>(
        `INSERT INTO users (username, email, password_hash, status) VALUES ($1, $2, $3, 1)
         ON CONFLICT DO NOTHING RETURNING id`,
        [input.username, input.email, input.passwordHash],
      );
      return row ? Number(row.id) : undefined;
    },

    async setRole(userId, roleId, enrolment) {
      await database.transaction(async (tx) => {
        await tx.query('UPDATE users SET role = $2, updated_at = now() WHERE id = $1', [
          userId,
          roleId,
        ]);
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
        if (enrolment) {
          await storeFactor(tx, userId, enrolment);
        } else {
          await tx.query('DELETE FROM staff_second_factors WHERE user_id = $1', [userId]);
          await tx.query('DELETE FROM staff_recovery_codes WHERE user_id = $1', [userId]);
        }
      });
    },

    async replaceFactor(userId, enrolment) {
      await database.transaction(async (tx) => {
        await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
        await storeFactor(tx, userId, enrolment);
      });
    },

    async staff() {
      const rows = await database.query<StaffListRow>(
        `SELECT u.id, u.username, u.email, u.status, u.role, u.last_login_at,
                f.user_id IS NOT NULL AS enrolled,
                (SELECT count(*) FROM staff_recovery_codes c
                  WHERE c.user_id = u.id AND c.used_at IS NULL) AS recovery_left
           FROM users u LEFT JOIN staff_second_factors f ON f.user_id = u.id
          WHERE u.role <> 0
          ORDER BY u.role DESC, lower(u.username)`,
        [],
      );
      return rows.map((row) => ({
        ...row,
        id: Number(row.id),
        role: Number(row.role),
        recovery_left: Number(row.recovery_left),
      }));
    },

    async findFactor(userId) {
      const [row] = await database.query<{ secret_enc: string; last_step: number | string | null }>(
        'SELECT secret_enc, last_step FROM staff_second_factors WHERE user_id = $1',
        [userId],
      );
      if (!row) return undefined;
      return {
        secretEnc: row.secret_enc,
        lastStep: row.last_step === null ? null : Number(row.last_step),
      };
    },

    async spendStep(userId, step) {
      // One statement: two sign-ins racing with the same code cannot both win.
      const rows = await database.query(
        `UPDATE staff_second_factors SET last_step = $2
          WHERE user_id = $1 AND (last_step IS NULL OR last_step < $2) RETURNING 1`,
        [userId, step],
      );
      return rows.length > 0;
    },

    async spendRecoveryCode(userId, codeHash) {
      const rows = await database.query(
        `UPDATE staff_recovery_codes SET used_at = now()
          WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING 1`,
        [userId, codeHash],
      );
      return rows.length > 0;
    },
  };
}
