import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { captchaSolutionSchema } from '../../contracts/captcha.schema.ts';
import {
  CAPTCHA_ALGORITHM,
  type CaptchaAction,
  type CaptchaChallenge,
} from '../../contracts/captcha.ts';
import type { CounterRepository } from '../kernel/db/counter.repository.ts';

// The proof-of-work captcha in the style of ALTCHA (decision 0023). A challenge is
// SHA-256(salt + secret number) signed with HMAC; the salt carries the action and the
// expiry, so the signature vouches for them too. Solving means trying numbers until the
// hash matches: cheap for one visitor, costly for a bot signing in a million times.

export const CAPTCHA_LIMITS = {
  /** About 50,000 hashes on average: a second or so on a phone, far less on a desktop. */
  maxNumber: 100_000,
  /** A challenge is good for this long after it was handed out. */
  ttlS: 10 * 60,
  /** A real payload is about 300 characters. */
  payloadMax: 1000,
} as const;

/** Why a proof was refused (for tests and logs); the visitor only sees `captcha_invalid`. */
export type CaptchaVerdict =
  | 'ok'
  | 'malformed'
  | 'wrong_action'
  | 'expired'
  | 'forged'
  | 'wrong_number'
  | 'spent';

// The trailing `&` matters: without it digits of the number could be moved into the salt
// (the same hash, a later expiry), a flaw ALTCHA's first salts had.
const SALT = /^[0-9a-f]{24}\?action=([a-z]{1,20})&expires=(\d{1,12})&$/;

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

function decode(payload: unknown) {
  if (typeof payload !== 'string' || payload === '' || payload.length > CAPTCHA_LIMITS.payloadMax)
    return undefined;
  try {
    const parsed = captchaSolutionSchema.safeParse(
      JSON.parse(Buffer.from(payload, 'base64').toString('utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function createCaptchaService(deps: {
  secret: string;
  /** Spent proofs are counted here, so each works once across restarts and processes. */
  counters: Pick<CounterRepository, 'hit'>;
  now?: () => number;
  maxNumber?: number;
}) {
  // A key of its own: a captcha signature can never stand in for a download link's.
  const key = createHmac('sha256', deps.secret).update('captcha').digest();
  const sign = (challenge: string) => createHmac('sha256', key).update(challenge).digest();
  const now = deps.now ?? Date.now;
  const maxNumber = deps.maxNumber ?? CAPTCHA_LIMITS.maxNumber;

  return {
    challenge(action: CaptchaAction): CaptchaChallenge {
      const expires = Math.floor(now() / 1000) + CAPTCHA_LIMITS.ttlS;
      const salt = `${randomBytes(12).toString('hex')}?action=${action}&expires=${expires}&`;
      const challenge = sha256Hex(`${salt}${randomInt(0, maxNumber + 1)}`);
      return {
        algorithm: CAPTCHA_ALGORITHM,
        challenge,
        maxnumber: maxNumber,
        salt,
        signature: sign(challenge).toString('hex'),
      };
    },

    /** Checks a `captcha` form field for `action` and spends it. Never throws on bad input. */
    async verify(payload: unknown, action: CaptchaAction): Promise<CaptchaVerdict> {
      const solution = decode(payload);
      const salt = solution ? SALT.exec(solution.salt) : null;
      if (!solution || !salt) return 'malformed';
      if (salt[1] !== action) return 'wrong_action';
      const expiresMs = Number(salt[2]) * 1000;
      if (expiresMs <= now()) return 'expired';
      if (!timingSafeEqual(sign(solution.challenge), Buffer.from(solution.signature, 'hex')))
        return 'forged';
      if (sha256Hex(`${solution.salt}${solution.number}`) !== solution.challenge)
        return 'wrong_number';
      // Counted only once everything else holds, so garbage never writes a row; kept until
      // the challenge expires, after which the expiry alone refuses it.
      const spent = await deps.counters.hit(`captcha:${solution.signature}`, expiresMs - now());
      return spent.hits > 1 ? 'spent' : 'ok';
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
