import { describe, expect, it } from 'vitest';
import {
  countryName,
  formatDuration,
  isoDuration,
  parseDuration,
  ratingPercent,
  shortCount,
  shownRating,
  slugify,
  toastTitle,
} from './format.ts';

describe('display rules of SPEC.md §9', () => {
  it('writes durations as M:SS or H:MM:SS and reads them back', () => {
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(parseDuration('1:02:05')).toBe(3725);
    expect(isoDuration(3725)).toBe('PT1H2M5S');
  });

  it('shortens counts with K from 4 digits and M from 7 digits', () => {
    expect(shortCount(999)).toBe('999');
    expect(shortCount('1500')).toBe('1.5K');
    expect(shortCount(2_300_000)).toBe('2.3M');
  });

  it('shows rating as rating / 0.05 percent, capped at 100', () => {
    expect(ratingPercent(4)).toBe(80);
    expect(ratingPercent('5.5')).toBe(100);
  });

  it('shows no rating for a video nobody has voted on, and 0% only for real dislikes', () => {
    expect(shownRating({ rating: '0', likes: '0', dislikes: '0' })).toBeNull();
    expect(shownRating({ rating: '0', likes: '0', dislikes: '3' })).toBe(0);
    expect(shownRating({ rating: '4.25', likes: '17', dislikes: '3' })).toBe(85);
    expect(shownRating({ rating: '5.2', likes: '1', dislikes: '0' })).toBe(100);
  });

  it('cuts toast titles to 67 characters plus an ellipsis', () => {
    expect(toastTitle('a'.repeat(70))).toBe('a'.repeat(70));
    expect(toastTitle('a'.repeat(71))).toBe(`${'a'.repeat(67)}...`);
    expect([...toastTitle('ж'.repeat(90))]).toHaveLength(70);
  });

  it('makes slugs of latin letters, digits and dashes', () => {
    expect(slugify('Crème Brûlée — at 5 PM!')).toBe('creme-brulee-at-5-pm');
    expect(slugify('日本語')).toBe('video');
  });

  it('names a country in the visitor language instead of its code', () => {
    expect(countryName('co', 'en')).toBe('Colombia');
    expect(countryName('CO', 'es')).toBe('Colombia');
    expect(countryName('de', 'de')).toBe('Deutschland');
    expect(countryName('us', 'ru')).toBe('Соединенные Штаты');
    expect(countryName('jp', 'ja')).toBe('日本');
    expect(countryName('nl', 'fr')).toBe('Pays-Bas');
    // Not a country code: shown as it came, never "Unknown Region".
    expect(countryName('zz', 'en')).toBe('ZZ');
    expect(countryName('', 'en')).toBe('');
    expect(countryName('co', 'not a language')).toBe('CO');
  });
});
