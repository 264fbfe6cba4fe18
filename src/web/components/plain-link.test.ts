import { describe, expect, it } from 'vitest';
import { followsInApp } from './plain-link.tsx';

const click = {
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
};

describe('followsInApp', () => {
  it('follows a plain left click on a link without a target, or targeting its own tab', () => {
    expect(followsInApp(click, undefined)).toBe(true);
    expect(followsInApp(click, '_self')).toBe(true);
  });

  it('leaves the browser what it opens elsewhere, and what a handler took', () => {
    expect(followsInApp({ ...click, button: 1 }, undefined)).toBe(false);
    for (const key of ['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const) {
      expect(followsInApp({ ...click, [key]: true }, undefined)).toBe(false);
    }
    expect(followsInApp(click, '_blank')).toBe(false);
    expect(followsInApp({ ...click, defaultPrevented: true }, undefined)).toBe(false);
  });
});
