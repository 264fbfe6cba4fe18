import { describe, expect, it } from 'vitest';
import { sideBySide } from './media-work.ts';

// Two pieces of a step at once (the first step's screenshots beside the fingerprint's ffmpeg):
// neither outlives the other's failure, and the failure reported is the one that happened.

/** A piece that runs until `ms` pass or its signal aborts (as runFfmpeg kills its ffmpeg). */
function piece<T>(ms: number, value: T, log: string[], name: string) {
  return (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        log.push(`${name} done`);
        resolve(value);
      }, ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        log.push(`${name} stopped`);
        reject(new Error(`${name} aborted`));
      });
    });
}

function failing(ms: number, log: string[], name: string) {
  return () =>
    new Promise<never>((_, reject) =>
      setTimeout(() => {
        log.push(`${name} failed`);
        reject(new Error(`${name} broke`));
      }, ms),
    );
}

describe('sideBySide', () => {
  it('answers both results when both end well', async () => {
    const log: string[] = [];
    const job = new AbortController();
    await expect(
      sideBySide(job.signal, piece(5, 'shots', log, 'a'), piece(1, 42, log, 'b')),
    ).resolves.toEqual(['shots', 42]);
    expect(log).toEqual(['b done', 'a done']);
  });

  it('stops the other piece when one fails, and reports that failure once both ended', async () => {
    const log: string[] = [];
    const job = new AbortController();
    await expect(
      sideBySide(job.signal, failing(1, log, 'shots'), piece(10_000, 'hashes', log, 'encode')),
    ).rejects.toThrow('shots broke');
    expect(log).toEqual(['shots failed', 'encode stopped']);
  });

  it('stops both when the job is aborted', async () => {
    const log: string[] = [];
    const job = new AbortController();
    const running = sideBySide(job.signal, piece(10_000, 1, log, 'a'), piece(10_000, 2, log, 'b'));
    job.abort();
    await expect(running).rejects.toThrow('aborted');
    expect(log.sort()).toEqual(['a stopped', 'b stopped']);
  });
});
