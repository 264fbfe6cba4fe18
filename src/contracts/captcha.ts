// The self-hosted proof-of-work captcha (decision 0023), shared by server and web: no third
// party sees our visitors. The server hands out a signed challenge, the browser finds the
// secret number behind it, and the form sends the proof as one field.

/** What a challenge is for: a proof made for one action is refused by every other. */
export const CAPTCHA_ACTIONS = ['login', 'contact', 'signup'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

export function isCaptchaAction(value: unknown): value is CaptchaAction {
  return typeof value === 'string' && (CAPTCHA_ACTIONS as readonly string[]).includes(value);
}

export const CAPTCHA_ALGORITHM = 'SHA-256';
/** The form field that carries the proof (base64 of the JSON payload). */
export const CAPTCHA_FIELD = 'captcha';
/** `GET {CAPTCHA_PATH}?action=login` answers a challenge. */
export const CAPTCHA_PATH = '/api/captcha.php';

/** A challenge as the server hands it out (ALTCHA's shape). */
export interface CaptchaChallenge {
  algorithm: typeof CAPTCHA_ALGORITHM;
  /** Hex SHA-256 of `salt` followed by the secret number in decimal. */
  challenge: string;
  /** The secret number is at most this. */
  maxnumber: number;
  /** Random, with the action and the expiry inside: `{hex}?action=login&expires={unix s}&`. */
  salt: string;
  /** Hex HMAC-SHA-256 of `challenge` with a key only the server has. */
  signature: string;
}

/** What the browser sends back: the challenge and the number found. */
export interface CaptchaSolution extends Omit<CaptchaChallenge, 'maxnumber'> {
  number: number;
}
