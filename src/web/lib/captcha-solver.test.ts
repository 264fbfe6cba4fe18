import { describe, expect, it } from 'vitest';
import { createCaptchaService } from '../../server/captcha/captcha.service.ts';
import { encodeSolution, solveChallenge } from './captcha-solver.ts';

// The browser's solver against the server's rules: what the widget sends is what the server
// accepts (Node has the same Web Crypto API as the browser).

function server() {
  const spent = new Map<string, number>();
  return createCaptchaService({
    secret: 'solver-test-secret-of-at-least-32-characters',
    maxNumber: 5000,
    counters: {
      async hit(key) {
        spent.set(key, (spent.get(key) ?? 0) + 1);
        return { hits: spent.get(key) ?? 0, ttlMs: 1000 };
      },
    },
  });
}

describe('captcha solver', () => {
  it('finds the number, and the server accepts the encoded proof', async () => {
    const captcha = server();
    const challenge = captcha.challenge('login');
    const shares: number[] = [];
    const number = await solveChallenge(challenge, { onProgress: (share) => shares.push(share) });
    expect(number).toBeTypeOf('number');
    expect(await captcha.verify(encodeSolution(challenge, number ?? -1), 'login')).toBe('ok');
    for (const share of shares) expect(share).toBeGreaterThanOrEqual(0);
    for (const share of shares) expect(share).toBeLessThanOrEqual(1);
  });

  it('solves without Web Crypto too (plain http pages have none)', async () => {
    const captcha = server();
    const challenge = captcha.challenge('login');
    const number = await solveChallenge(challenge, { webCrypto: false });
    expect(number).toBeTypeOf('number');
    expect(await captcha.verify(encodeSolution(challenge, number ?? -1), 'login')).toBe('ok');
  });

  it('gives up on a challenge without a number in range', async () => {
    const challenge = { ...server().challenge('login'), challenge: '0'.repeat(64), maxnumber: 300 };
    expect(await solveChallenge(challenge)).toBeUndefined();
  });

  it('stops when told to', async () => {
    const stop = new AbortController();
    stop.abort();
    await expect(
      solveChallenge(server().challenge('login'), { signal: stop.signal }),
    ).rejects.toThrow();
  });
});
