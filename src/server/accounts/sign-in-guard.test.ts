import { describe, expect, it } from 'vitest';
import type { AppError } from '../../contracts/errors.ts';
import { createSignInGuard, SIGN_IN_LIMITS, signInSubject } from './sign-in-guard.ts';

// The guard's rules on counters held in memory: when a captcha is asked for, when an
// address is slowed, and what a success clears.

function setup(verdict: 'ok' | 'spent' = 'ok') {
  const hits = new Map<string, number>();
  const verified: string[] = [];
  const guard = createSignInGuard({
    counters: {
      async hit(key) {
        hits.set(key, (hits.get(key) ?? 0) + 1);
        return { hits: hits.get(key) ?? 0, ttlMs: 1000 };
      },
      async peek(key) {
        return { hits: hits.get(key) ?? 0, ttlMs: 1000 };
      },
      async clear(key) {
        hits.delete(key);
      },
    },
    captcha: {
      async verify(payload) {
        verified.push(String(payload));
        return verdict;
      },
    },
  });
  return { guard, verified };
}

async function refusal(attempt: Promise<unknown>): Promise<unknown> {
  try {
    await attempt;
    return 'admitted';
  } catch (error) {
    return (error as AppError).codes;
  }
}

describe('sign-in guard', () => {
  it('asks for a captcha once an account had enough failures, and checks the one given', async () => {
    const { guard, verified } = setup('spent');
    const subject = signInSubject(7, 'owner');
    for (let i = 1; i < SIGN_IN_LIMITS.captchaAfterFailures; i++) {
      expect(await guard.failed(subject)).toBe(false);
    }
    expect(await guard.failed(subject)).toBe(true);
    const attempt = { subject, address: '198.51.100.1', captcha: '' };
    expect(await refusal(guard.admit(attempt))).toEqual([
      { field: 'captcha', code: 'captcha_required' },
    ]);
    expect(await refusal(guard.admit({ ...attempt, captcha: 'proof' }))).toEqual([
      { field: 'captcha', code: 'captcha_invalid' },
    ]);
    expect(verified).toEqual(['proof']);
  });

  it('slows one address at one account; a success lets it start again', async () => {
    const { guard } = setup();
    const subject = signInSubject(8, 'target');
    const address = '2001:db8:1:2::1';
    for (let i = 0; i < SIGN_IN_LIMITS.attemptsPerPair; i++) {
      expect(await refusal(guard.admit({ subject, address, captcha: '' }))).toBe('admitted');
    }
    // Another address of the same /64 is the same visitor.
    const sameNetwork = { subject, address: '2001:db8:1:2::ffff', captcha: '' };
    expect(await refusal(guard.admit(sameNetwork))).toEqual([
      { field: 'form', code: 'too_many_attempts' },
    ]);
    expect(
      await refusal(guard.admit({ subject: signInSubject(9, 'other'), address, captcha: '' })),
    ).toBe('admitted');
    expect(await refusal(guard.admit({ subject, address: '198.51.100.2', captcha: '' }))).toBe(
      'admitted',
    );

    await guard.succeeded(subject, address);
    expect(await refusal(guard.admit({ subject, address, captcha: '' }))).toBe('admitted');
  });

  it('keeps asking for the captcha after the owner signed in', async () => {
    const { guard } = setup();
    const subject = signInSubject(10, 'owner');
    for (let i = 0; i < SIGN_IN_LIMITS.captchaAfterFailures; i++) await guard.failed(subject);
    await guard.succeeded(subject, '198.51.100.3');
    expect(await refusal(guard.admit({ subject, address: '198.51.100.3', captcha: '' }))).toEqual([
      { field: 'captcha', code: 'captcha_required' },
    ]);
  });

  it('counts a name no account has under the name, whatever its case', () => {
    expect(signInSubject(undefined, ' Ghost ')).toBe(signInSubject(undefined, 'ghost'));
    expect(signInSubject(undefined, 'ghost')).not.toBe(signInSubject(undefined, 'ghost2'));
    expect(signInSubject(3, 'ghost')).toBe('u3');
  });
});
