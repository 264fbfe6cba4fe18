import { describe, expect, it } from 'vitest';
import { formatBytes, percentOf } from './upload-format.ts';

describe('upload numbers', () => {
  it('writes sizes in the largest fitting unit', () => {
    const plain = (bytes: number, lang: string) => formatBytes(bytes, lang).replace(/\s/g, ' ');
    expect(plain(2048, 'en')).toBe('2 kB');
    expect(plain(300 * 1024 ** 2, 'en')).toBe('300 MB');
    expect(plain(1.5 * 1024 ** 3, 'en')).toBe('1.5 GB');
    expect(plain(1.5 * 1024 ** 3, 'de')).toBe('1,5 GB');
  });

  it('gives whole percents and 100 only when done', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(999, 1000)).toBe(99);
    expect(percentOf(1000, 1000)).toBe(100);
    expect(percentOf(333, 1000)).toBe(33);
  });
});
