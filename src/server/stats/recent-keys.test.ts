import { describe, expect, it } from 'vitest';
import { RecentKeys } from './recent-keys.ts';

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('RecentKeys', () => {
  it('remembers a key for the TTL and forgets it after', () => {
    const time = clock();
    const keys = new RecentKeys({ ttlMs: 1000, maxEntries: 10, now: time.now });
    expect(keys.addIfAbsent('a')).toBe(true);
    expect(keys.addIfAbsent('a')).toBe(false);
    time.advance(999);
    expect(keys.has('a')).toBe(true);
    time.advance(1);
    expect(keys.has('a')).toBe(false);
    expect(keys.size).toBe(0);
    expect(keys.addIfAbsent('a')).toBe(true);
  });

  it('restarts the TTL of a key added again', () => {
    const time = clock();
    const keys = new RecentKeys({ ttlMs: 1000, maxEntries: 10, now: time.now });
    keys.add('a');
    keys.add('b');
    time.advance(600);
    keys.add('a');
    time.advance(600);
    expect(keys.has('b')).toBe(false);
    expect(keys.has('a')).toBe(true);
  });

  it('drops the oldest keys when full', () => {
    const time = clock();
    const keys = new RecentKeys({ ttlMs: 1000, maxEntries: 3, now: time.now });
    for (const key of ['a', 'b', 'c', 'd']) {
      keys.add(key);
      time.advance(1);
    }
    expect(keys.size).toBe(3);
    expect(keys.has('a')).toBe(false);
    expect(['b', 'c', 'd'].every((key) => keys.has(key))).toBe(true);
  });

  it('forgets a deleted key, which may then be added again', () => {
    const time = clock();
    const keys = new RecentKeys({ ttlMs: 1000, maxEntries: 10, now: time.now });
    keys.add('a');
    time.advance(500);
    keys.add('b');
    keys.delete('a');
    expect(keys.has('a')).toBe(false);
    time.advance(200);
    expect(keys.addIfAbsent('a')).toBe(true);
    // b (added at 500) expires before the new a (700), and the old a is not in the way.
    time.advance(800);
    expect(keys.has('b')).toBe(false);
    expect(keys.has('a')).toBe(true);
    time.advance(200);
    expect(keys.has('a')).toBe(false);
  });
});
