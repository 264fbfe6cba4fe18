import { CAPTCHA_ALGORITHM } from './captcha.ts';
import { z } from './zod.ts';

// The captcha's shapes as schemas: the server checks payloads with them and the OpenAPI
// document describes the challenge (kept apart from captcha.ts so the web bundle has no zod).

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const captchaChallengeSchema = z.object({
  algorithm: z.literal(CAPTCHA_ALGORITHM),
  challenge: hex64.describe('Hex SHA-256 of `salt` followed by the secret number'),
  maxnumber: z.number().int().describe('The secret number is between 0 and this'),
  salt: z.string().describe('Random, with the action and expiry: `{hex}?action=…&expires=…&`'),
  signature: hex64.describe('HMAC-SHA-256 of `challenge` with the server key'),
});

/** The decoded `captcha` form field; anything else is `captcha_invalid`. */
export const captchaSolutionSchema = z.object({
  algorithm: z.literal(CAPTCHA_ALGORITHM),
  challenge: hex64,
  number: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  salt: z.string().max(200),
  signature: hex64,
});
