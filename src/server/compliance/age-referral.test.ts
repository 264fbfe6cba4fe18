import { describe, expect, it } from 'vitest';
import { REFERRAL_TTL_S, referralToken, referralValid } from './age-referral.ts';

// The signed cookie that carries a sister site's referral through the visit (decision 0025).

const SECRET = 'referral-test-secret-referral-test-secret';
const now = Date.UTC(2026, 10, 25, 12);

describe('referral cookie', () => {
  it('is valid for this site until it expires', () => {
    const token = referralToken(SECRET, now);
    expect(referralValid(SECRET, token, now)).toBe(true);
    expect(referralValid(SECRET, token, now + (REFERRAL_TTL_S - 1) * 1000)).toBe(true);
    expect(referralValid(SECRET, token, now + REFERRAL_TTL_S * 1000)).toBe(false);
  });

  it('cannot be made or stretched without the secret', () => {
    const token = referralToken(SECRET, now);
    const [expires = '', signature = ''] = token.split('.');
    expect(referralValid('another-secret-another-secret-another', token, now)).toBe(false);
    expect(referralValid(SECRET, `${Number(expires) + 86_400}.${signature}`, now)).toBe(false);
    expect(referralValid(SECRET, `${expires}.${'A'.repeat(27)}`, now)).toBe(false);
    expect(referralValid(SECRET, referralToken('another-secret-another-secret', now), now)).toBe(
      false,
    );
  });

  it('refuses anything that is not a token', () => {
    for (const value of [undefined, null, 1, '', '1', 'yes', '1.', `.${'A'.repeat(27)}`, 'a.b']) {
      expect(referralValid(SECRET, value, now), String(value)).toBe(false);
    }
  });
});
