import type { CaptchaChallenge, CaptchaSolution } from '../../contracts/captcha.ts';
import { sha256 } from './sha256.ts';

// The browser's half of the captcha (decision 0023): find the number whose SHA-256 after
// the salt is the challenge, with the Web Crypto API. Digests run off the main thread and
// resolve as tasks, and the loop yields to the page every few dozen milliseconds, so the
// page stays responsive and the progress can be painted. Where the page has no Web Crypto
// (plain http to anything but localhost) the digest is computed in JavaScript instead.

const BATCH = 256;
const SLICE_MS = 40;

/** True where the Web Crypto digest exists: secure contexts (https, localhost) only. */
function hasWebCrypto(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.digest === 'function';
}

/** The digests of a batch of inputs, with Web Crypto or, without it, in JavaScript. */
async function digests(
  inputs: Uint8Array<ArrayBuffer>[],
  webCrypto: boolean,
): Promise<ArrayBuffer[]> {
  if (!webCrypto) return inputs.map((input) => sha256(input).buffer as ArrayBuffer);
  return Promise.all(inputs.map((input) => crypto.subtle.digest('SHA-256', input)));
}

function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++)
    bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function sameBytes(buffer: ArrayBuffer, target: Uint8Array): boolean {
  const bytes = new Uint8Array(buffer);
  if (bytes.length !== target.length) return false;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== target[i]) return false;
  return true;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The secret number of a challenge, or undefined when none up to `maxnumber` fits (a
 * forged challenge). `onProgress` gets the share of the range tried, 0 to 1.
 */
export async function solveChallenge(
  challenge: Pick<CaptchaChallenge, 'challenge' | 'maxnumber' | 'salt'>,
  opts: {
    onProgress?: (share: number) => void;
    signal?: AbortSignal;
    /** Tests: false forces the JavaScript digest. */
    webCrypto?: boolean;
  } = {},
): Promise<number | undefined> {
  const target = hexBytes(challenge.challenge);
  const encoder = new TextEncoder();
  const webCrypto = opts.webCrypto ?? hasWebCrypto();
  let sliceStart = performance.now();
  for (let start = 0; start <= challenge.maxnumber; start += BATCH) {
    opts.signal?.throwIfAborted();
    const end = Math.min(start + BATCH - 1, challenge.maxnumber);
    const inputs: Uint8Array<ArrayBuffer>[] = [];
    for (let n = start; n <= end; n++) inputs.push(encoder.encode(`${challenge.salt}${n}`));
    const found = (await digests(inputs, webCrypto)).findIndex((digest) =>
      sameBytes(digest, target),
    );
    if (found >= 0) return start + found;
    if (performance.now() - sliceStart > SLICE_MS) {
      opts.onProgress?.(end / challenge.maxnumber);
      await nextTask();
      sliceStart = performance.now();
    }
  }
  return undefined;
}

/** The `captcha` form field: base64 of the JSON solution (ASCII only, so btoa will do). */
export function encodeSolution(challenge: CaptchaChallenge, number: number): string {
  const solution: CaptchaSolution = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(solution));
}
