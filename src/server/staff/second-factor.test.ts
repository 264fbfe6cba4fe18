import { describe, expect, it } from 'vitest';
import {
  decryptSecret,
  encryptSecret,
  newRecoveryCode,
  newTotpSecret,
  openChallenge,
  recoveryCodeHash,
  SECOND_FACTOR,
  signChallenge,
  totpCode,
  totpStep,
} from './second-factor.ts';

const KEY = 'unit-test-app-secret-0123456789abcdef';

describe('the second factor', () => {
  it('accepts a code one step either side of now, not two', async () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = SECOND_FACTOR.stepS * 1000;
    const here = Math.floor(now / step);
    expect(await totpStep(secret, await totpCode(secret, now), null, now)).toBe(here);
    expect(await totpStep(secret, await totpCode(secret, now - step), null, now)).toBe(here - 1);
    expect(await totpStep(secret, await totpCode(secret, now + step), null, now)).toBe(here + 1);
    expect(
      await totpStep(secret, await totpCode(secret, now - 2 * step), null, now),
    ).toBeUndefined();
    // A step used already (or an earlier one) is never good again.
    expect(await totpStep(secret, await totpCode(secret, now), here, now)).toBeUndefined();
    expect(await totpStep(secret, '12345', null, now)).toBeUndefined();
  });

  it('encrypts the secret for one account and one app secret', () => {
    const stored = encryptSecret(KEY, 7, 'JBSWY3DPEHPK3PXP');
    expect(stored).not.toContain('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(KEY, 7, stored)).toBe('JBSWY3DPEHPK3PXP');
    expect(decryptSecret(KEY, 8, stored)).toBeUndefined();
    expect(decryptSecret(`${KEY}x`, 7, stored)).toBeUndefined();
    expect(decryptSecret(KEY, 7, 'v1.garbage')).toBeUndefined();
  });

  it('hashes recovery codes with a key, whatever their case and dashes', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const hash = recoveryCodeHash(KEY, 3, code);
    expect(recoveryCodeHash(KEY, 3, code.toUpperCase().replace('-', ' '))).toBe(hash);
    expect(recoveryCodeHash(KEY, 4, code)).not.toBe(hash);
    expect(recoveryCodeHash(`${KEY}x`, 3, code)).not.toBe(hash);
  });

  it('opens only its own unexpired challenges', () => {
    const now = 1_800_000_000_000;
    const challenge = signChallenge(KEY, 42, now);
    expect(openChallenge(KEY, challenge, now)).toBe(42);
    expect(openChallenge(KEY, challenge, now + SECOND_FACTOR.challengeTtlS * 1000)).toBeUndefined();
    expect(openChallenge(`${KEY}x`, challenge, now)).toBeUndefined();
    expect(openChallenge(KEY, challenge.replace(/^42\./, '43.'), now)).toBeUndefined();
    expect(openChallenge(KEY, 'a.b.c', now)).toBeUndefined();
  });
});
