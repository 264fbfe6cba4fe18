import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256 } from './sha256.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const reference = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('sha256 (plain JavaScript)', () => {
  it('gives the standard test vectors', () => {
    expect(hex(sha256(new Uint8Array()))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('matches Node at every length around the block edges', () => {
    for (const length of [1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000]) {
      const data = randomBytes(length);
      expect(hex(sha256(data)), `length ${length}`).toBe(reference(data));
    }
  });
});
