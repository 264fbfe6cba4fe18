import { randomBytes } from 'node:crypto';
import { checkSignup } from '../../contracts/auth.rules.ts';
import { AppError } from '../../contracts/errors.ts';
import { ROLE_IDS, type Role, roleOf } from '../kernel/access/roles.ts';
import type { CounterRepository } from '../kernel/db/counter.repository.ts';
import {
  decryptSecret,
  encryptSecret,
  enrolmentUri,
  newRecoveryCode,
  newTotpSecret,
  normalizeRecoveryCode,
  openChallenge,
  RECOVERY_CODE,
  recoveryCodeHash,
  SECOND_FACTOR,
  signChallenge,
  TOTP_CODE,
  totpStep,
} from './second-factor.ts';
import type { Enrolment, StaffRepository } from './staff.repository.ts';

export { SECOND_FACTOR } from './second-factor.ts';

// Staff accounts (issue 15, decision 0038): the roles given by the CLI (staff.cli.ts), each
// with its TOTP enrolment and recovery codes, and the code step of a staff sign-in. Nothing
// here lets a staff member do anything: what a role may do is the access policy's.

/** Staff sessions (decision 0038). */
export const STAFF_SESSION = {
  /**
   * 12 hours from the code step, never extended: a working day. A stolen staff cookie is
   * worth far more than a member's, so it should die the same day; signing in again costs
   * a code from the phone.
   */
  absoluteS: 12 * 3600,
} as const;

/** Wrong codes (decision 0038): five per account in 15 minutes, then `rate_limited`. */
export const SECOND_FACTOR_LIMITS = {
  wrongCodes: 5,
  windowS: 15 * 60,
} as const;

export type StaffRole = Exclude<Role, 'member'>;

/** What `add` and `reset-2fa` show once: never stored in the clear. */
export interface EnrolmentShown {
  username: string;
  role: StaffRole;
  uri: string;
  secret: string;
  recoveryCodes: string[];
  /** The generated password of an account made by `add --create`. */
  password?: string;
}

export interface StaffListEntry {
  username: string;
  email: string;
  role: Role;
  enrolled: boolean;
  recoveryLeft: number;
  lastLogin: string | null;
}

/** A CLI mistake (unknown account, bad name): the message is the operator's to read. */
export class StaffCommandError extends Error {}

const failuresKey = (userId: number) => `staff2fa:fail:u${userId}`;

const invalid = () => AppError.form([{ field: 'otp', code: 'second_factor_invalid' }]);

export function createStaffService(deps: {
  staff: StaffRepository;
  counters: Pick<CounterRepository, 'hit' | 'peek' | 'clear'>;
  /** The app secret: the TOTP secrets' key, the recovery codes' and the challenges'. */
  secret: string;
  siteName: string;
  hashPassword: (password: string) => Promise<string>;
}) {
  const { staff, counters, secret } = deps;

  function enrol(userId: number): { stored: Enrolment; totp: string; recoveryCodes: string[] } {
    const totp = newTotpSecret();
    const recoveryCodes = Array.from({ length: SECOND_FACTOR.recoveryCodes }, newRecoveryCode);
    return {
      totp,
      recoveryCodes,
      stored: {
        secretEnc: encryptSecret(secret, userId, totp),
        codeHashes: recoveryCodes.map((code) => recoveryCodeHash(secret, userId, code)),
      },
    };
  }

  async function account(username: string) {
    const row = await staff.findAccount(username.trim());
    if (!row) throw new StaffCommandError(`no account named ${username}`);
    return row;
  }

  return {
    /** The password step of a staff account ended well: the challenge of the code step. */
    challenge: (userId: number) => signChallenge(secret, userId),

    /**
     * The code step: a six-digit TOTP code (one step either side, each step good once) or
     * an unused recovery code. Answers the account to start a session for.
     */
    async verify(input: {
      challenge: string;
      code: string;
    }): Promise<{ id: number; username: string }> {
      const userId = openChallenge(secret, input.challenge);
      if (userId === undefined) {
        throw AppError.form([{ field: 'form', code: 'second_factor_expired' }]);
      }
      const key = failuresKey(userId);
      const failures = await counters.peek(key);
      if (failures.hits >= SECOND_FACTOR_LIMITS.wrongCodes) {
        throw new AppError('rate_limited', {
          field: 'form',
          codes: [{ field: 'form', code: 'rate_limited' }],
        });
      }
      const row = await staff.findAccountById(userId);
      const factor = await staff.findFactor(userId);
      const totp = factor ? decryptSecret(secret, userId, factor.secretEnc) : undefined;
      let ok = false;
      if (row && row.status === 1 && roleOf(row.role) !== 'member' && factor && totp) {
        const code = input.code.trim().replace(/\s/g, '');
        if (TOTP_CODE.test(code)) {
          const step = await totpStep(totp, code, factor.lastStep);
          ok = step !== undefined && (await staff.spendStep(userId, step));
        } else if (RECOVERY_CODE.test(normalizeRecoveryCode(code))) {
          ok = await staff.spendRecoveryCode(userId, recoveryCodeHash(secret, userId, code));
        }
      }
      if (!ok || !row) {
        await counters.hit(key, SECOND_FACTOR_LIMITS.windowS * 1000);
        throw invalid();
      }
      // The owner got in: earlier typos do not count against the next sign-in.
      await counters.clear(key);
      return { id: row.id, username: row.username };
    },

    /**
     * `staff add`: gives an existing account (or, with `create`, a new one) a staff role, a
     * new TOTP secret and new recovery codes, and ends its sessions.
     */
    async add(
      username: string,
      role: StaffRole,
      create?: { email: string },
    ): Promise<EnrolmentShown> {
      let password: string | undefined;
      let row = await staff.findAccount(username.trim());
      if (!row && create) {
        password = randomBytes(15).toString('base64url');
        const problems = checkSignup({
          username: username.trim(),
          email: create.email,
          pwd: password,
        });
        if (problems.length > 0) {
          throw new StaffCommandError(
            `cannot create ${username}: ${problems.map((p) => `${p.field} ${p.code}`).join(', ')}`,
          );
        }
        const id = await staff.createAccount({
          username: username.trim(),
          email: create.email.trim(),
          passwordHash: await deps.hashPassword(password),
        });
        if (id === undefined) throw new StaffCommandError(`the email ${create.email} is taken`);
        row = await staff.findAccountById(id);
      }
      if (!row) throw new StaffCommandError(`no account named ${username} (pass --create --email)`);
      if (row.status !== 1) throw new StaffCommandError(`${row.username} is not an active account`);
      const made = enrol(row.id);
      await staff.setRole(row.id, ROLE_IDS[role], made.stored);
      return {
        username: row.username,
        role,
        uri: enrolmentUri(deps.siteName, row.username, made.totp),
        secret: made.totp,
        recoveryCodes: made.recoveryCodes,
        ...(password ? { password } : {}),
      };
    },

    /** `staff remove`: back to member; the second factor goes and every session ends. */
    async remove(username: string): Promise<{ username: string; was: Role }> {
      const row = await account(username);
      await staff.setRole(row.id, ROLE_IDS.member, undefined);
      return { username: row.username, was: roleOf(row.role) };
    },

    /** `staff reset-2fa`: a lost phone. New secret and codes; every session ends. */
    async resetSecondFactor(username: string): Promise<EnrolmentShown> {
      const row = await account(username);
      const role = roleOf(row.role);
      if (role === 'member') throw new StaffCommandError(`${row.username} is not staff`);
      const made = enrol(row.id);
      await staff.replaceFactor(row.id, made.stored);
      return {
        username: row.username,
        role,
        uri: enrolmentUri(deps.siteName, row.username, made.totp),
        secret: made.totp,
        recoveryCodes: made.recoveryCodes,
      };
    },

    async list(): Promise<StaffListEntry[]> {
      return (await staff.staff()).map((row) => ({
        username: row.username,
        email: row.email,
        role: roleOf(row.role),
        enrolled: row.enrolled,
        recoveryLeft: row.recovery_left,
        lastLogin: row.last_login_at === null ? null : new Date(row.last_login_at).toISOString(),
      }));
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
