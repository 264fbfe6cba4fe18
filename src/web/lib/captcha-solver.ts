import type { CaptchaChallenge, CaptchaSolution } from '../../contracts/captcha.ts';

// The browser's half of the captcha (decision 0023): find the number whose SHA-256 after
// the salt is the challenge, with the Web Crypto API. Digests run off the main thread and
// resolve as tasks, and the loop yields to the page every few dozen milliseconds, so the
// page stays responsive and the progress can be painted.

const BATCH = 256;
const SLICE_MS = 40;

/** True where the Web Crypto digest exists: secure contexts (https, localhost) only. */
export function canSolve(): boolean {
  return typeof crypto !== 'undefined' && typeof crypto.subtle?.digest === 'function';
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
  opts: { onProgress?: (share: number) => void; signal?: AbortSignal } = {},
): Promise<number | undefined> {
  const target = hexBytes(challenge.challenge);
  const encoder = new TextEncoder();
  let sliceStart = performance.now();
  for (let start = 0; start <= challenge.maxnumber; start += BATCH) {
    opts.signal?.throwIfAborted();
    const end = Math.min(start + BATCH - 1, challenge.maxnumber);
    const digests: Promise<ArrayBuffer>[] = [];
    for (let n = start; n <= end; n++) {
      digests.push(crypto.subtle.digest('SHA-256', encoder.encode(`${challenge.salt}${n}`)));
    }
    const found = (await Promise.all(digests)).findIndex((digest) => sameBytes(digest, target));
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
