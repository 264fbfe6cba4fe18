import { describe, expect, it } from 'vitest';
import { nextHidden } from './use-hide-on-scroll.ts';

describe('header hiding on scroll', () => {
  it('hides on scrolling down past 100 px on desktops and 77 px on medium screens', () => {
    expect(nextHidden(90, 99, 1366, false)).toBe(false);
    expect(nextHidden(99, 140, 1366, false)).toBe(true);
    expect(nextHidden(60, 80, 1024, false)).toBe(true);
    expect(nextHidden(60, 80, 1366, false)).toBe(false);
  });

  it('comes back on scrolling up or near the top, and ignores tiny moves', () => {
    expect(nextHidden(500, 400, 1366, true)).toBe(false);
    expect(nextHidden(500, 501, 1366, true)).toBe(true);
    expect(nextHidden(500, 50, 375, true)).toBe(false);
  });
});
