import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CaptchaChallenge } from '../../src/contracts/captcha.ts';

// What the captcha widget does, for tests of the calls behind it: fetch a challenge, find
// its number, send the proof as the `captcha` form field.

export async function fetchChallenge(
  app: FastifyInstance,
  action = 'login',
): Promise<CaptchaChallenge> {
  const res = await app.inject({ method: 'GET', url: `/api/captcha.php?action=${action}` });
  if (res.statusCode !== 200) throw new Error(`no challenge: ${res.body}`);
  return res.json<CaptchaChallenge>();
}

export function solveChallenge(challenge: CaptchaChallenge): string {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    const hash = createHash('sha256').update(`${challenge.salt}${number}`).digest('hex');
    if (hash !== challenge.challenge) continue;
    const { maxnumber: _, ...rest } = challenge;
    return Buffer.from(JSON.stringify({ ...rest, number })).toString('base64');
  }
  throw new Error('challenge without a solution');
}

/** A fresh proof for `action`, as the widget would send it. */
export async function solvedCaptcha(app: FastifyInstance, action = 'login'): Promise<string> {
  return solveChallenge(await fetchChallenge(app, action));
}

/** A fresh proof for `action` from a running site (the browser tests' server). */
export async function solvedCaptchaAt(baseUrl: string, action: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/captcha.php?action=${action}`);
  if (res.status !== 200) throw new Error(`no challenge: ${await res.text()}`);
  return solveChallenge((await res.json()) as CaptchaChallenge);
}
