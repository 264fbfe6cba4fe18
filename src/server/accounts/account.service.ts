import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  checkEmail,
  checkLogin,
  checkNewPassword,
  checkSignup,
  type FieldError,
} from '../../contracts/auth.rules.ts';
import { CAPTCHA_FIELD } from '../../contracts/captcha.ts';
import { AppError } from '../../contracts/errors.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import { isStaff, type Role, roleOf } from '../kernel/access/roles.ts';
import type { Mailer } from '../kernel/mail/mailer.ts';
import { hashPassword, verifyPassword } from '../kernel/passwords.ts';
import { STAFF_SESSION, type StaffService } from '../staff/staff.service.ts';
import type { AccountRepository, GoogleAccountRow, SessionRow } from './account.repository.ts';
import { accountMail } from './account-mail.ts';
import { usernameBase, usernameCandidates } from './google-username.ts';
import { type SignInGuard, signInSubject } from './sign-in-guard.ts';

// Accounts: sign-in (its guard against guessing in sign-in-guard.ts), sign-up with email
// confirmation, password reset by mail, and sessions. Decisions 0013 and 0023 explain them.

export const ACCOUNT_LIMITS = {
  confirmTtlS: 48 * 3600,
  resetTtlS: 2 * 3600,
  /** Reset mails per account and hour. */
  resetMailsPerHour: 3,
  /** Unconfirmed accounts are removed after this long (nightly maintenance). */
  unconfirmedS: 7 * 86_400,
  historyCountCap: 999,
} as const;

export interface SessionUser {
  userId: number;
  username: string;
  avatarVersion: number;
  ageVerified: boolean;
  role: Role;
  trustedUploader: boolean;
}

export interface NewSession {
  /** The cookie value: never stored, only its hash. */
  token: string;
  user: { id: number; username: string };
}

/** A finished password reset: a session, or for staff the challenge of the code step. */
export type ResetOutcome = { userId: number } & (
  | { session: NewSession; challenge?: undefined }
  | { challenge: string; session?: undefined }
);

export interface ClientInfo {
  ip: string;
  userAgent: string;
  lang: string;
}

// newToken() makes 43 base64url characters; anything else is refused before hashing.
export const MAILED_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const SESSION_TOKEN = /^[A-Za-z0-9_-]{40,60}$/;

/** SHA-256 of a token, base64url: what the database keeps of cookies and mailed links. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The CSRF token of a session: derived from it, so nothing more is stored. */
export function csrfTokenFor(secret: string, sessionIdHash: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionIdHash}`).digest('base64url');
}

export function csrfMatches(expected: string, given: string | undefined): boolean {
  if (!given || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

const formFailure = (errors: FieldError[]) => AppError.form(errors);

/** Who Google says signed in: the ID token's (or userinfo's) claims (decision 0016). */
export interface GoogleIdentity {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  givenName: string | undefined;
}

/** Google sign-in refused; `reason` is for the log only, the visitor sees `sign_in_failed`. */
/** The password step passed for a staff account: the code step answers `challenge`. */
export function secondFactorRequired(challenge: string): AppError {
  return new AppError('second_factor_required', {
    field: 'otp',
    codes: [{ field: 'otp', code: 'second_factor_required' }],
    info: { challenge },
  });
}

const googleRefusal = (reason: string) => new AppError('sign_in_failed', { info: { reason } });

export function createAccountService(deps: {
  accounts: AccountRepository;
  guard: SignInGuard;
  /** Sign-up takes a solved captcha (action `signup`), always. */
  captcha: Pick<CaptchaService, 'verify'>;
  mailer: Mailer;
  site: { name: string; url: string };
  sessionTtlS: number;
  /** The code step of staff sign-in (staff/staff.service.ts; decision 0038). */
  secondFactor: Pick<StaffService, 'challenge' | 'verify'>;
}) {
  const { accounts, guard, mailer } = deps;

  async function startSession(
    user: { id: number; username: string },
    client: ClientInfo,
    secondFactor = false,
  ): Promise<NewSession> {
    const token = newToken();
    await accounts.createSession({
      idHash: tokenHash(token),
      userId: user.id,
      ttlS: secondFactor ? STAFF_SESSION.absoluteS : deps.sessionTtlS,
      userAgent: client.userAgent,
      ip: client.ip,
      secondFactor,
    });
    return { token, user };
  }

  async function mailLink(
    kind: 'confirm' | 'reset',
    user: { id: number; username: string; email: string; lang: string },
  ): Promise<void> {
    const token = newToken();
    const ttlS = kind === 'confirm' ? ACCOUNT_LIMITS.confirmTtlS : ACCOUNT_LIMITS.resetTtlS;
    await accounts.createToken(user.id, kind, tokenHash(token), ttlS);
    const link =
      kind === 'confirm'
        ? `${deps.site.url}/api/confirm.php?token=${token}`
        : `${deps.site.url}/restore-password/?token=${token}`;
    await mailer.send(
      accountMail({
        kind,
        lang: user.lang,
        to: user.email,
        username: user.username,
        site: deps.site.name,
        link,
        hours: ttlS / 3600,
      }),
    );
  }

  return {
    /**
     * POST /api/login.php: a new session for the right password of an active account. A
     * wrong password never locks the account; past a few it asks for a captcha (`captcha`,
     * the proof of the captcha widget), and the answer that crosses that line says so.
     */
    async login(
      input: { usr: string; pwd: string; captcha: string },
      client: ClientInfo,
    ): Promise<NewSession> {
      const { usr, pwd } = input;
      const local = checkLogin(usr, pwd);
      if (local.length > 0) throw formFailure(local);
      const row = await accounts.findForLogin(usr.trim());
      const subject = signInSubject(row?.id, usr);
      await guard.admit({ subject, address: client.ip, captcha: input.captcha });
      const ok = await verifyPassword(row?.password_hash ?? null, pwd);
      if (!row || !ok) {
        const captchaNext = await guard.failed(subject);
        throw formFailure([
          { field: 'pwd', code: 'invalid_usr_or_pwd' },
          ...(captchaNext ? [{ field: CAPTCHA_FIELD, code: 'captcha_required' as const }] : []),
        ]);
      }
      // Told only to whoever knows the password (decision 0048): the ban's mail says why.
      if (row.status === 2) throw formFailure([{ field: 'usr', code: 'account_banned' }]);
      if (row.status === 0) throw formFailure([{ field: 'usr', code: 'not_confirmed' }]);
      await guard.succeeded(subject, client.ip);
      if (isStaff(roleOf(Number(row.role)))) {
        // Half way: no session until the code step (loginSecondStep) answers the challenge.
        throw secondFactorRequired(deps.secondFactor.challenge(Number(row.id)));
      }
      await accounts.recordSuccess(row.id);
      return startSession({ id: Number(row.id), username: row.username }, client);
    },

    /**
     * POST /api/login.php with `challenge` and `otp`: the code step of a staff sign-in
     * (a TOTP code or a recovery code). Starts a short session that never slides.
     */
    async loginSecondStep(
      input: { challenge: string; otp: string },
      client: ClientInfo,
    ): Promise<NewSession> {
      if (input.otp.trim() === '') throw formFailure([{ field: 'otp', code: 'required' }]);
      const user = await deps.secondFactor.verify({ challenge: input.challenge, code: input.otp });
      await accounts.recordSuccess(user.id);
      return startSession(user, client, true);
    },

    /**
     * POST /api/signup.php: an unconfirmed account and its confirmation mail. The captcha
     * is checked (and spent) before the names are looked up, so a bot cannot ask which
     * usernames and emails have accounts without paying a proof for each question.
     */
    async signup(
      input: { username: string; email: string; pwd: string; captcha: string },
      client: ClientInfo,
    ): Promise<void> {
      const username = input.username.trim();
      const email = input.email.trim();
      const local = checkSignup({ username, email, pwd: input.pwd });
      if (input.captcha === '') local.push({ field: CAPTCHA_FIELD, code: 'captcha_required' });
      if (local.length > 0) throw formFailure(local);
      if ((await deps.captcha.verify(input.captcha, 'signup')) !== 'ok') {
        throw formFailure([{ field: CAPTCHA_FIELD, code: 'captcha_invalid' }]);
      }
      const taken = await accounts.occupied(username, email);
      const occupied: FieldError[] = [];
      if (taken.username) occupied.push({ field: 'username', code: 'username_occupied' });
      if (taken.email) occupied.push({ field: 'email', code: 'email_occupied' });
      if (occupied.length > 0) throw formFailure(occupied);
      const passwordHash = await hashPassword(input.pwd);
      const id = await accounts.createUser({ username, email, passwordHash, lang: client.lang });
      if (id === undefined) {
        // Taken between the check and the insert: answer as the check would have.
        const again = await accounts.occupied(username, email);
        throw formFailure(
          again.username
            ? [{ field: 'username', code: 'username_occupied' }]
            : [{ field: 'email', code: 'email_occupied' }],
        );
      }
      await mailLink('confirm', { id, username, email, lang: client.lang });
    },

    /** The link of the confirmation mail: true when it confirmed (or had confirmed) the account. */
    async confirm(token: string): Promise<boolean> {
      if (!MAILED_TOKEN.test(token)) return false;
      const found = await accounts.redeemToken(tokenHash(token), 'confirm', false);
      if (!found) return false;
      await accounts.confirm(found.userId);
      return true;
    },

    /** POST /api/restore.php with an email: mails a reset link. */
    async requestReset(email: string): Promise<void> {
      const local = checkEmail(email);
      if (local.length > 0) throw formFailure(local);
      const user = await accounts.findByEmail(email.trim());
      if (!user) throw formFailure([{ field: 'email', code: 'eml_doesnt_exist' }]);
      if (user.status === 2) throw formFailure([{ field: 'email', code: 'account_banned' }]);
      const recent = await accounts.recentTokens(user.id, 'reset', 3600);
      if (recent >= ACCOUNT_LIMITS.resetMailsPerHour) {
        throw formFailure([{ field: 'email', code: 'too_many_attempts' }]);
      }
      await mailLink('reset', user);
    },

    /**
     * POST /api/restore.php with the mailed token and a new password: sets it (ending every
     * session of the account) and signs the member in. A staff account is not signed in by
     * its mailbox alone: it gets the code step's challenge, as after a password at login.
     */
    async completeReset(token: string, pwd: string, client: ClientInfo): Promise<ResetOutcome> {
      const local = checkNewPassword(pwd);
      if (local.length > 0) throw formFailure(local);
      if (!MAILED_TOKEN.test(token)) {
        throw formFailure([{ field: 'token', code: 'link_expired' }]);
      }
      const passwordHash = await hashPassword(pwd);
      const found = await accounts.redeemToken(tokenHash(token), 'reset', true);
      if (!found) throw formFailure([{ field: 'token', code: 'link_expired' }]);
      await accounts.setPassword(found.userId, passwordHash);
      if (isStaff(roleOf(found.role))) {
        return { userId: found.userId, challenge: deps.secondFactor.challenge(found.userId) };
      }
      const session = await startSession({ id: found.userId, username: found.username }, client);
      return { userId: found.userId, session };
    },

    /** The member of a session cookie, or undefined; marks the session seen once an hour. */
    async resolve(token: string): Promise<(SessionUser & { idHash: string }) | undefined> {
      if (!SESSION_TOKEN.test(token)) return undefined;
      const idHash = tokenHash(token);
      const row: SessionRow | undefined = await accounts.findSession(idHash);
      if (!row) return undefined;
      const role = roleOf(row.role);
      // A staff role counts only in a session that passed the second factor: a member's
      // session whose account became staff some other way than the CLI is no session.
      if (isStaff(role) && !row.second_factor) return undefined;
      // Staff sessions end 12 hours after they start, however busy (decision 0038).
      if (row.stale) {
        await accounts.touchSession(idHash, row.second_factor ? undefined : deps.sessionTtlS);
      }
      return {
        idHash,
        userId: row.user_id,
        username: row.username,
        avatarVersion: row.avatar_version,
        ageVerified: row.age_verified,
        role,
        trustedUploader: row.trusted_uploader,
      };
    },

    async endSession(token: string): Promise<void> {
      if (!SESSION_TOKEN.test(token)) return;
      await accounts.deleteSession(tokenHash(token));
    },

    historyCount: (userId: number) => accounts.historyCount(userId, ACCOUNT_LIMITS.historyCountCap),

    /**
     * GET /api/login.g.php, after the provider's answer was validated: signs in the account
     * linked to this Google subject, else links the account of the verified email, else
     * makes a new active member. Disabled accounts are refused; wrong passwords typed at
     * an account do not keep its owner from Google (decision 0023).
     */
    async signInWithGoogle(identity: GoogleIdentity, client: ClientInfo): Promise<NewSession> {
      const usable = (row: GoogleAccountRow) => {
        if (row.status === 2) {
          throw new AppError('account_banned', { info: { reason: 'account banned' } });
        }
        // Google proves the mailbox, not the staff member's phone (decision 0038).
        if (isStaff(roleOf(Number(row.role)))) {
          throw new AppError('staff_password_required', { info: { reason: 'staff account' } });
        }
        return row;
      };
      const enter = async (row: { id: number; username: string }) => {
        await accounts.recordSuccess(row.id);
        return startSession({ id: row.id, username: row.username }, client);
      };

      const linked = await accounts.findByGoogleSub(identity.sub);
      if (linked) {
        usable(linked);
        if (linked.status === 0) await accounts.confirm(linked.id);
        return enter(linked);
      }
      // Anything further rests on the email: only one Google has checked will do.
      const email = identity.email?.trim() ?? '';
      if (!identity.emailVerified) throw googleRefusal('email not verified');
      if (checkEmail(email).length > 0) throw googleRefusal('no usable email');

      const owner = await accounts.findByEmailForGoogle(email);
      if (owner) {
        usable(owner);
        if (owner.google_sub !== null)
          throw googleRefusal('email linked to another Google account');
        if (!(await accounts.linkGoogle(owner.id, identity.sub))) {
          throw googleRefusal('account linked meanwhile');
        }
        return enter(owner);
      }

      const candidates = usernameCandidates(
        usernameBase({ givenName: identity.givenName, name: identity.name }),
      );
      const taken = await accounts.takenUsernames(candidates);
      for (const username of candidates.filter((name) => !taken.has(name.toLowerCase()))) {
        const id = await accounts.createGoogleUser({
          username,
          email,
          googleSub: identity.sub,
          lang: client.lang,
        });
        if (id !== undefined) return enter({ id, username });
        // Lost a race: the email or subject may now be someone's; the username may be taken.
        if (await accounts.findByEmailForGoogle(email))
          throw googleRefusal('email taken meanwhile');
        if (await accounts.findByGoogleSub(identity.sub)) throw googleRefusal('made meanwhile');
      }
      throw googleRefusal('no free username');
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
