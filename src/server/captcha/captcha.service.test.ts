import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CaptchaChallenge } from '../../contracts/captcha.ts';
import { CAPTCHA_LIMITS, createCaptchaService } from './captcha.service.ts';

// The captcha's rules: a proof passes once, for its own action, before it expires, with the
// server's signature and the right number; nothing a client sends makes it throw.

function fakeCounters() {
  const hits = new Map<string, number>();
  return {
    hits,
    async hit(key: string) {
      hits.set(key, (hits.get(key) ?? 0) + 1);
      return { hits: hits.get(key) ?? 0, ttlMs: 1000 };
    },
  };
}

function setup(opts: { secret?: string } = {}) {
  let clock = Date.UTC(2026, 0, 1);
  const counters = fakeCounters();
  const captcha = createCaptchaService({
    secret: opts.secret ?? 'a-test-secret-of-at-least-32-characters',
    counters,
    now: () => clock,
    maxNumber: 2000,
  });
  return { captcha, counters, advance: (ms: number) => (clock += ms) };
}

/** What the browser does: tries numbers until the hash matches. */
function solve(challenge: CaptchaChallenge): number {
  for (let n = 0; n <= challenge.maxnumber; n++) {
    const hash = createHash('sha256').update(`${challenge.salt}${n}`).digest('hex');
    if (hash === challenge.challenge) return n;
  }
  throw new Error('no solution');
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

function payload(challenge: CaptchaChallenge, changes: Record<string, unknown> = {}) {
  const { maxnumber: _, ...rest } = challenge;
  return encode({ ...rest, number: solve(challenge), ...changes });
}

describe('captcha challenge', () => {
  it('is an ALTCHA-style SHA-256 challenge with the action and expiry in its salt', () => {
    const { captcha } = setup();
    const challenge = captcha.challenge('login');
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 2000 });
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expires = Math.floor(Date.UTC(2026, 0, 1) / 1000) + CAPTCHA_LIMITS.ttlS;
    expect(challenge.salt).toMatch(new RegExp(`^[0-9a-f]{24}\\?action=login&expires=${expires}&$`));
    expect(captcha.challenge('login').salt).not.toBe(challenge.salt);
  });
});

describe('captcha verification', () => {
  it('accepts the right number once, for its action, before it expires', async () => {
    const { captcha } = setup();
    const proof = payload(captcha.challenge('login'));
    expect(await captcha.verify(proof, 'login')).toBe('ok');
    expect(await captcha.verify(proof, 'login')).toBe('spent');
  });

  it('refuses a wrong number', async () => {
    const { captcha } = setup();
    const challenge = captcha.challenge('login');
    const wrong = (solve(challenge) + 1) % (challenge.maxnumber + 1);
    expect(await captcha.verify(payload(challenge, { number: wrong }), 'login')).toBe(
      'wrong_number',
    );
  });

  it('refuses a proof made for another action', async () => {
    const { captcha } = setup();
    expect(await captcha.verify(payload(captcha.challenge('contact')), 'login')).toBe(
      'wrong_action',
    );
  });

  it('refuses an expired proof', async () => {
    const { captcha, advance } = setup();
    const proof = payload(captcha.challenge('login'));
    advance(CAPTCHA_LIMITS.ttlS * 1000);
    expect(await captcha.verify(proof, 'login')).toBe('expired');
  });

  it('refuses a challenge it did not sign', async () => {
    const { captcha } = setup();
    const other = setup({ secret: 'another-secret-of-at-least-32-characters' }).captcha;
    expect(await captcha.verify(payload(other.challenge('login')), 'login')).toBe('forged');
    const challenge = captcha.challenge('login');
    expect(await captcha.verify(payload(challenge, { signature: '0'.repeat(64) }), 'login')).toBe(
      'forged',
    );
  });

  it('refuses a later expiry written into the salt, or digits moved into it', async () => {
    const { captcha } = setup();
    let challenge = captcha.challenge('login');
    // A number of two digits or more, so one can be moved.
    while (solve(challenge) < 10) challenge = captcha.challenge('login');
    const number = String(solve(challenge));
    const later = challenge.salt.replace(/expires=(\d+)/, (_, s) => `expires=${Number(s) + 9999}`);
    expect(await captcha.verify(payload(challenge, { salt: later }), 'login')).toBe('wrong_number');
    // The same hashed text split elsewhere: a changed salt with the same hash and signature.
    const spliced = { salt: `${challenge.salt}${number[0]}`, number: Number(number.slice(1)) };
    expect(await captcha.verify(payload(challenge, spliced), 'login')).toBe('malformed');
  });

  it('never throws on garbage and writes nothing for it', async () => {
    const { captcha, counters } = setup();
    const challenge = captcha.challenge('login');
    const good = JSON.parse(Buffer.from(payload(challenge), 'base64').toString()) as Record<
      string,
      unknown
    >;
    const garbage: unknown[] = [
      undefined,
      null,
      '',
      42,
      ['a'],
      { number: 1 },
      'not base64 at all!!',
      Buffer.from('not json').toString('base64'),
      encode(null),
      encode([]),
      encode('string'),
      encode({}),
      encode({ ...good, number: -1 }),
      encode({ ...good, number: 1.5 }),
      encode({ ...good, number: '12' }),
      Buffer.from(JSON.stringify(good).replace(/"number":\d+/, '"number":1e400')).toString(
        'base64',
      ),
      encode({ ...good, algorithm: 'SHA-1' }),
      encode({ ...good, challenge: 'zz' }),
      encode({ ...good, signature: 'ABC' }),
      encode({ ...good, salt: 'x'.repeat(5000) }),
      encode({ ...good, salt: `${'0'.repeat(24)}?action=login&expires=abc&` }),
      Buffer.from('{"__proto__":{"number":1}}').toString('base64'),
      'A'.repeat(CAPTCHA_LIMITS.payloadMax + 1),
    ];
    for (const value of garbage) {
      expect(await captcha.verify(value, 'login'), String(value)).toBe('malformed');
    }
    expect(counters.hits.size).toBe(0);
  });
});
