import { describe, expect, it } from 'vitest';
import { isSearchable } from './discovery.paths.ts';
import { decodeComponent, decodeForm, fieldName, isCleanText } from './text.ts';

describe('isCleanText', () => {
  it('takes what people write: lines, tabs, emoji, RTL, CJK, combining marks', () => {
    for (const text of [
      '',
      'Nice video!\nSecond line\r\nthird\tcolumn',
      'я люблю это 🍑🔥👩🏽‍❤️‍👨🏻',
      'مرحبا بالعالم',
      'שלום',
      '日本語のコメント、とても良い',
      'e\u0301 café',
      '\u200f\u202e mixed direction',
    ]) {
      expect(isCleanText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL, the other C0 controls and lone surrogates', () => {
    for (const text of ['a\u0000b', '\u0001', 'bell\u0007', 'esc\u001b[31m', '\u000b', '\u000c']) {
      expect(isCleanText(text), JSON.stringify(text)).toBe(false);
    }
    expect(isCleanText('half \ud83c pair')).toBe(false);
    expect(isCleanText('\udc00 low first')).toBe(false);
    expect(isCleanText('end \ud800')).toBe(false);
  });
});

describe('decodeComponent', () => {
  it('decodes what browsers send', () => {
    expect(decodeComponent('red+dress')).toBe('red dress');
    expect(decodeComponent('%F0%9F%8D%91%20ok')).toBe('🍑 ok');
    expect(decodeComponent('%00')).toBe('\u0000');
    expect(decodeComponent('plain')).toBe('plain');
  });

  it('refuses bytes that are not UTF-8 and broken escapes', () => {
    for (const raw of ['%FF', '%C0%80', '%ED%A0%80', '%E2%82', '%', '%zz', 'a%2']) {
      expect(decodeComponent(raw), raw).toBeUndefined();
    }
  });
});

describe('decodeForm', () => {
  it('reads pairs in order like URLSearchParams for good input', () => {
    const text = 'a=1&b=two+words&&c&a=3&e=%3D%26';
    expect(decodeForm(text)).toEqual({ ok: true, fields: [...new URLSearchParams(text)] });
  });

  it('names the field whose name or value does not decode', () => {
    expect(decodeForm('usr=ok&pwd=ab%FFc')).toEqual({ ok: false, field: 'pwd' });
    expect(decodeForm('s=%ED%A0%80')).toEqual({ ok: false, field: 's' });
    expect(decodeForm('na%FFme=1')).toEqual({ ok: false, field: 'na%FFme' });
  });
});

describe('fieldName', () => {
  it('never echoes refused characters', () => {
    expect(fieldName('msg\u0000')).toBe('msg');
    expect(fieldName('\u0000')).toBe('form');
    expect(fieldName('x\ud800')).toBe('x');
  });
});

describe('isSearchable', () => {
  it('treats a query holding control characters as no query (SPEC.md §5)', () => {
    expect(isSearchable('red dress')).toBe(true);
    expect(isSearchable('日本語')).toBe(true);
    expect(isSearchable('red\u0000dress')).toBe(false);
    expect(isSearchable('ab\ud800')).toBe(false);
  });
});
