import { describe, expect, it } from 'vitest';
import { safeBack } from './safe-back.ts';

describe('safeBack', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeBack('/videos/top-rated/2/')).toBe('/videos/top-rated/2/');
    expect(safeBack('/search/1/?s=red%20hair#results')).toBe('/search/1/?s=red%20hair#results');
  });

  it('goes to the main page without a value', () => {
    expect(safeBack(null)).toBe('/');
    expect(safeBack(undefined)).toBe('/');
    expect(safeBack('')).toBe('/');
  });

  it('refuses other sites, protocol-relative and scheme URLs', () => {
    expect(safeBack('https://evil.example/')).toBe('/');
    expect(safeBack('//evil.example/')).toBe('/');
    expect(safeBack('javascript:alert(1)')).toBe('/');
    expect(safeBack('videos/')).toBe('/');
  });

  it('refuses paths a browser would turn into another host', () => {
    expect(safeBack('/\\evil.example/')).toBe('/');
    expect(safeBack('/\t/evil.example/')).toBe('/');
    expect(safeBack('/\n/evil.example/')).toBe('/');
    expect(safeBack('/\r/evil.example/')).toBe('/');
  });
});
