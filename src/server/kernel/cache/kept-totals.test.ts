import { describe, expect, it } from 'vitest';
import { KeptTotals } from './kept-totals.ts';

describe('KeptTotals', () => {
  it('counts a list once while its total is kept, again once it expired', async () => {
    const totals = new KeptTotals({ ttlMs: 1000, maxEntries: 10 });
    let counted = 0;
    const count = async () => ++counted * 10;
    expect(await totals.get('a', count, 0)).toBe(10);
    expect(await totals.get('a', count, 999)).toBe(10);
    expect(counted).toBe(1);
    expect(await totals.get('a', count, 1000)).toBe(20);
    expect(counted).toBe(2);
  });

  it('keeps at most its number of lists, dropping the one counted longest ago', async () => {
    const totals = new KeptTotals({ ttlMs: 60_000, maxEntries: 2 });
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
    const totals = new KeptTotals({ ttlMs: 60_000, maxEntries: 2 });
    await expect(totals.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await totals.get('a', async () => 3)).toBe(3);
  });
});
