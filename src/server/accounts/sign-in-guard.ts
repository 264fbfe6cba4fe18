import { createHash } from 'node:crypto';
import { normalizeIP } from '@fastify/rate-limit';
import { CAPTCHA_FIELD } from '../../contracts/captcha.ts';
import { AppError } from '../../contracts/errors.ts';
import type { CaptchaService } from '../captcha/captcha.service.ts';
import type { CounterRepository } from '../kernel/db/counter.repository.ts';

// What stands between a password guesser and an account (decision 0023). Wrong passwords
// never lock the owner out: past a few on one account, signing in to it takes a solved
// captcha, which costs a person a click and a bot real work per guess; and the address
// that keeps guessing at one account is slowed, nobody else. The per-address limit across
// accounts (credential stuffing) is the route's (auth.routes.ts).

export const SIGN_IN_LIMITS = {
  /** Wrong passwords on one account, from anywhere, after which it asks for a captcha… */
  captchaAfterFailures: 5,
  /** …counted in windows of this length. */
  failureWindowS: 60 * 60,
  /** Attempts at one account from one address without a success… */
  attemptsPerPair: 10,
  /** …per window of this length; more answer `too_many_attempts`. */
  pairWindowS: 15 * 60,
} as const;

/**
 * Whose failures an attempt counts towards: the account's id, or for a name no account has,
 * a digest of the name, so an unknown account behaves exactly as a known one does.
 */
export function signInSubject(accountId: number | undefined, usr: string): string {
  if (accountId !== undefined) return `u${accountId}`;
  const name = createHash('sha256').update(usr.trim().toLowerCase()).digest('base64url');
  return `n${name.slice(0, 22)}`;
}

const failuresKey = (subject: string) => `signin:fail:${subject}`;
// An IPv6 visitor holds a whole /64: counting single addresses would let one rotate freely.
const pairKey = (subject: string, address: string) =>
  `signin:pair:${subject}:${normalizeIP(address)}`;

export function createSignInGuard(deps: {
  counters: Pick<CounterRepository, 'hit' | 'peek' | 'clear'>;
  captcha: Pick<CaptchaService, 'verify'>;
}) {
  const { counters } = deps;
  return {
    /**
     * Before the password is looked at: refuses an address that keeps guessing at this
     * account, and an attempt without a good captcha when the account asks for one.
     */
    async admit(attempt: { subject: string; address: string; captcha: string }): Promise<void> {
      const pair = await counters.hit(
        pairKey(attempt.subject, attempt.address),
        SIGN_IN_LIMITS.pairWindowS * 1000,
      );
      if (pair.hits > SIGN_IN_LIMITS.attemptsPerPair) {
        throw AppError.form([{ field: 'form', code: 'too_many_attempts' }]);
      }
      const failures = await counters.peek(failuresKey(attempt.subject));
      if (failures.hits < SIGN_IN_LIMITS.captchaAfterFailures) return;
      if (attempt.captcha === '') {
        throw AppError.form([{ field: CAPTCHA_FIELD, code: 'captcha_required' }]);
      }
      if ((await deps.captcha.verify(attempt.captcha, 'login')) !== 'ok') {
        throw AppError.form([{ field: CAPTCHA_FIELD, code: 'captcha_invalid' }]);
      }
    },

    /** A wrong password (or no such account): true when the account now asks for a captcha. */
    async failed(subject: string): Promise<boolean> {
      const failures = await counters.hit(
        failuresKey(subject),
        SIGN_IN_LIMITS.failureWindowS * 1000,
      );
      return failures.hits >= SIGN_IN_LIMITS.captchaAfterFailures;
    },

    /**
     * The right password: this address's attempts at the account start again. The
     * account's failures stay until their window ends: clearing them would hand a guesser
     * elsewhere fresh captcha-free guesses each time the owner signs in.
     */
    async succeeded(subject: string, address: string): Promise<void> {
      await counters.clear(pairKey(subject, address));
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
