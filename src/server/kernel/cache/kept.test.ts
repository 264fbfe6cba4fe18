import { describe, expect, it } from 'vitest';
import { Kept } from './kept.ts';

describe('Kept', () => {
  it('counts a list once while its total is kept, again once it expired', async () => {
    const totals = new Kept<number>({ ttlMs: 1000, maxEntries: 10 });
    let counted = 0;
    const count = async () => ++counted * 10;
    expect(await totals.get('a', count, 0)).toBe(10);
    expect(await totals.get('a', count, 999)).toBe(10);
    expect(counted).toBe(1);
    expect(await totals.get('a', count, 1000)).toBe(20);
    expect(counted).toBe(2);
  });

  it('keeps at most its number of lists, dropping the one counted longest ago', async () => {
    const totals = new Kept<number>({ ttlMs: 60_000, maxEntries: 2 });
    const calls: string[] = [];
    const count = (key: string) => async () => {
      calls.push(key);
      return key.length;
    };
    await totals.get('a', count('a'), 0);
    await totals.get('bb', count('bb'), 0);
    await totals.get('ccc', count('ccc'), 0);
    await totals.get('bb', count('bb'), 1);
    await totals.get('a', count('a'), 1);
    expect(calls).toEqual(['a', 'bb', 'ccc', 'a']);
  });

  it('keeps nothing when the count fails', async () => {
    const totals = new Kept<number>({ ttlMs: 60_000, maxEntries: 2 });
    await expect(totals.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await totals.get('a', async () => 3)).toBe(3);
  });

  it('forgets every value on a clear, and keeps none made while it happened', async () => {
    const kept = new Kept<string>({ ttlMs: 60_000, maxEntries: 10 });
    await kept.get('q', async () => 'before', 0);
    kept.clear();
    expect(await kept.get('q', async () => 'after', 1)).toBe('after');
    let release: () => void = () => {};
    const slow = kept.get(
      'r',
      () =>
        new Promise<string>((done) => {
          release = () => done('made across the clear');
        }),
      2,
    );
    kept.clear();
    release();
    expect(await slow).toBe('made across the clear');
    expect(await kept.get('r', async () => 'made again', 3)).toBe('made again');
  });
});
