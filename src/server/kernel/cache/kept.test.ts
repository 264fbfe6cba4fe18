import { describe, expect, it } from 'vitest';
import { Kept, pageOfKept, Versioned } from './kept.ts';

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

describe('pageOfKept', () => {
  const read = (rows: number[]) => {
    const calls: number[] = [];
    const page = async () => {
      calls.push(1);
      return rows;
    };
    return { calls, page };
  };

  it('reads no page past a kept total, but always the first', async () => {
    const deep = read([1]);
    expect(await pageOfKept(60, 60, deep.page)).toEqual({ rows: [], total: 60 });
    expect(deep.calls).toHaveLength(0);
    const first = read([7]);
    expect(await pageOfKept(0, 0, first.page)).toEqual({ rows: [7], total: 1 });
    expect(first.calls).toHaveLength(1);
  });

  it('raises a kept total to what a page holds, never lowers it', async () => {
    expect((await pageOfKept(61, 60, read([1, 2]).page)).total).toBe(62);
    expect((await pageOfKept(500, 0, read([1, 2]).page)).total).toBe(500);
  });
});

describe('Versioned', () => {
  it('builds an answer once per version of its data', async () => {
    const answers = new Versioned<string>({ maxEntries: 4 });
    let built = 0;
    const build = (text: string) => async () => {
      built += 1;
      return text;
    };
    expect(await answers.get('str.en', 1, build('first'))).toBe('first');
    expect(await answers.get('str.en', 1, build('again'))).toBe('first');
    expect(built).toBe(1);
    expect(await answers.get('str.en', 2, build('second'))).toBe('second');
    expect(await answers.get('str.en', 2, build('again'))).toBe('second');
    expect(built).toBe(2);
  });

  it('keeps the newer answer when an older build finishes after it', async () => {
    const answers = new Versioned<string>({ maxEntries: 4 });
    let finishOld: (value: string) => void = () => {};
    const old = answers.get('k', 1, () => new Promise((resolve) => (finishOld = resolve)));
    expect(await answers.get('k', 2, async () => 'new')).toBe('new');
    finishOld('old');
    expect(await old).toBe('old');
    expect(await answers.get('k', 2, async () => 'rebuilt')).toBe('new');
  });

  it('keeps at most its number of answers, dropping the one built longest ago', async () => {
    const answers = new Versioned<string>({ maxEntries: 2 });
    const built: string[] = [];
    const build = (key: string) => async () => {
      built.push(key);
      return key;
    };
    await answers.get('a', 1, build('a'));
    await answers.get('b', 1, build('b'));
    await answers.get('c', 1, build('c'));
    await answers.get('b', 1, build('b'));
    await answers.get('a', 1, build('a'));
    expect(built).toEqual(['a', 'b', 'c', 'a']);
  });
});
