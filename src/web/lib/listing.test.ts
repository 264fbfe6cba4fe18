import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, listingPath, parseFilters, parsePage } from './listing.ts';

describe('listing URL state', () => {
  it('reads and writes the filter panel in the query string', () => {
    const filters = parseFilters(new URLSearchParams('date=week&duration=2&hd=1&country=de'));
    expect(filters).toEqual({ date: 'week', duration: '2', hd: true, country: 'de' });
    expect(listingPath('top-rated', 3, filters)).toBe(
      '/videos/top-rated/3/?date=week&duration=2&hd=1&country=de',
    );
    expect(listingPath('latest-updates', 1, DEFAULT_FILTERS)).toBe('/videos/latest-updates/1/');
  });

  it('ignores unknown filter values', () => {
    expect(parseFilters(new URLSearchParams('date=year&duration=9&hd=yes&country=xx'))).toEqual(
      DEFAULT_FILTERS,
    );
  });

  it('accepts only canonical page numbers', () => {
    expect(parsePage('1')).toBe(1);
    expect(parsePage('250')).toBe(250);
    for (const bad of ['0', '01', '-1', '1.5', 'abc', '99999999', undefined]) {
      expect(parsePage(bad), String(bad)).toBeUndefined();
    }
  });
});
