import { describe, expect, it } from 'vitest';
import { changesOf, previousOf, waitedFor, whenUtc } from './console-format.ts';

describe('waitedFor', () => {
  const now = new Date('2025-11-26T12:00:00Z');
  it('says how long in minutes, hours and days', () => {
    expect(waitedFor('2025-11-26T11:59:40Z', now)).toBe('just now');
    expect(waitedFor('2025-11-26T11:48:00Z', now)).toBe('12 min');
    expect(waitedFor('2025-11-26T09:00:00Z', now)).toBe('3 h');
    expect(waitedFor('2025-11-26T08:55:00Z', now)).toBe('3 h 5 min');
    expect(waitedFor('2025-11-24T08:00:00Z', now)).toBe('2 d 4 h');
    expect(waitedFor('2025-11-24T12:00:00Z', now)).toBe('2 d');
  });
  it('never says a negative time or reads garbage', () => {
    expect(waitedFor('2025-11-26T12:05:00Z', now)).toBe('just now');
    expect(waitedFor('yesterday', now)).toBe('');
  });
});

describe('whenUtc', () => {
  it('writes the minute in UTC', () => {
    expect(whenUtc('2025-11-26T14:03:59.120+01:00')).toBe('2025-11-26 13:03 UTC');
    expect(whenUtc('nonsense')).toBe('');
  });
});

describe('changesOf', () => {
  it('lists every field of before and after', () => {
    expect(changesOf({ status: 'review' }, { status: 'active', trusted: true })).toEqual([
      { field: 'status', before: 'review', after: 'active' },
      { field: 'trusted', before: '—', after: 'true' },
    ]);
    expect(changesOf(null, null)).toEqual([]);
    expect(changesOf({ note: '' }, { note: null })).toEqual([
      { field: 'note', before: '""', after: 'null' },
    ]);
  });
});

describe('previousOf', () => {
  it('goes back along the skipped videos first, then up the queue page', () => {
    expect(previousOf(7, [3, 5, 7], [1, 2, 7])).toBe(5);
    expect(previousOf(7, [], [1, 2, 7])).toBe(2);
    expect(previousOf(1, [], [1, 2, 7])).toBeUndefined();
    expect(previousOf(9, [9], [])).toBeUndefined();
  });
});
