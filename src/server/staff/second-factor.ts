import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { generate, generateSecret, generateURI, verify } from 'otplib';

// The second factor of staff accounts (decision 0038): TOTP (RFC 6238, 30-second steps, six
// digits, what every authenticator app reads) through otplib, the secret encrypted at rest,
// one-time recovery codes kept as keyed hashes, and the signed challenge that carries a
// sign-in from the password step to the code step. Pure functions: the service stores.

export const SECOND_FACTOR = {
  /** One step either side of now: a phone clock a little off, a code typed as it turns. */
  toleranceSteps: 1,
  stepS: 30,
  /** How long the code step may follow the password step. */
  challengeTtlS: 5 * 60,
  recoveryCodes: 10,
} as const;

/** A key of its own per use, derived from the app secret, so no two uses share one. */
function derivedKey(appSecret: string, use: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'afterglow-staff', use, 32));
}

export function newTotpSecret(): string {
  return generateSecret();
}

/** The enrolment URI an authenticator app scans (or takes pasted). */
export function enrolmentUri(site: string, username: string, secret: string): string {
  return generateURI({ issuer: site, label: username, secret });
}

/**
 * AES-256-GCM with the account's id as associated data: a stolen database dump holds no
 * usable secret, and a row copied onto another account does not decrypt.
 */
export function encryptSecret(appSecret: string, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(appSecret, 'totp-secret'), iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or undefined when the stored value does not decrypt (another app secret). */
export function decryptSecret(
  appSecret: string,
  userId: number,
  stored: string,
): string | undefined {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return undefined;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      derivedKey(appSecret, 'totp-secret'),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return undefined;
  }
}

export const TOTP_CODE = /^\d{6}$/;

/**
 * The 30-second step a code belongs to, when it is right within the tolerance and later
 * than `afterStep` (the last one used: a code is good once); undefined otherwise.
 */
export async function totpStep(
  secret: string,
  code: string,
  afterStep: number | null,
  nowMs = Date.now(),
): Promise<number | undefined> {
  if (!TOTP_CODE.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: SECOND_FACTOR.toleranceSteps * SECOND_FACTOR.stepS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

/** The code an authenticator shows at `nowMs` (tests and the CLI's self-check). */
export function totpCode(secret: string, nowMs = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(nowMs / 1000) });
}

// Crockford-like: no 0/O, 1/I/L, so a code read off paper is typed right.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten characters (about 49 bits) in two groups of five: `abcde-fghjk`. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const byte of bytes) code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What is compared: lower case, without spaces or dashes. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export const RECOVERY_CODE = /^[a-z0-9]{10}$/;

/**
 * Keyed with the app secret: about 49 bits would fall to an offline search of a plain
 * hash from a database dump; without the key there is nothing to search.
 */
export function recoveryCodeHash(appSecret: string, userId: number, code: string): string {
  return createHmac('sha256', derivedKey(appSecret, 'recovery-code'))
    .update(`${userId}:${normalizeRecoveryCode(code)}`)
    .digest('base64url');
}

/**
 * The challenge of the password step: the account and an expiry, signed. It proves the
 * password was right a moment ago, so the code step needs no password again; it is not a
 * session and grants nothing else.
 */
export function signChallenge(appSecret: string, userId: number, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + SECOND_FACTOR.challengeTtlS;
  const payload = `${userId}.${expires}.${randomBytes(9).toString('base64url')}`;
  const mac = createHmac('sha256', derivedKey(appSecret, 'challenge'))
    .update(payload)
    .digest('base64url');
  return `${payload}.${mac}`;
}

/** The account of a good, unexpired challenge. */
export function openChallenge(
  appSecret: string,
  challenge: string,
  nowMs = Date.now(),
): number | undefined {
  const parts = challenge.split('.');
  if (parts.length !== 4) return undefined;
  const [user, expires, nonce, mac] = parts as [string, string, string, string];
  const expected = createHmac('sha256', derivedKey(appSecret, 'challenge'))
    .update(`${user}.${expires}.${nonce}`)
    .digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (!/^\d{1,10}$/.test(user) || !/^\d{1,12}$/.test(expires)) return undefined;
  if (Number(expires) * 1000 <= nowMs) return undefined;
  return Number(user);
}
