import { describe, expect, it } from 'vitest';
import { scriptJson } from './hydration.ts';

describe('scriptJson', () => {
  it('writes JSON no script element can end early or break a line in, read back unchanged', () => {
    const value = {
      title: '</script><script>alert(1)</script>',
      lines: 'a\u2028b\u2029c',
      plain: 'Ivy & "Skye" > 3',
    };
    const text = scriptJson(value);
    expect(text).not.toMatch(/<|\u2028|\u2029/);
    expect(text).toContain('\\u003c/script>');
    expect(text).toContain('a\\u2028b\\u2029c');
    expect(JSON.parse(text)).toEqual(value);
  });
});
