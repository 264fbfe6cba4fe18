import { describe, expect, it } from 'vitest';
import { isReferredVisit, isSisterReferrer, readCountryHeader, singleCountry } from './age-gate.ts';

// How the age gates read their two request inputs (decision 0025): the country header a CDN
// sets, and the referrer of the UK gate's exemption, which must be one of our sister sites.

describe('readCountryHeader', () => {
  it('takes one two-letter code in any case and spacing', () => {
    for (const value of ['DE', 'de', ' de ', '\tDe']) {
      expect(readCountryHeader(value), value).toEqual({ codes: ['de'], unknown: false });
    }
    expect(readCountryHeader('GB')).toEqual({ codes: ['gb'], unknown: false });
    expect(readCountryHeader('XK')).toEqual({ codes: ['xk'], unknown: false });
  });

  it('reads UK, the common non-ISO spelling, as the United Kingdom', () => {
    expect(readCountryHeader('UK')).toEqual({ codes: ['gb'], unknown: false });
  });

  it('answers unknown for a missing, empty or malformed value', () => {
    for (const value of [undefined, null, 42, {}, '', ' ', ',', 'deu', 'd', '1a', 'g b', 'ü1']) {
      const read = readCountryHeader(value);
      expect(read.unknown, JSON.stringify(value)).toBe(true);
      expect(read.codes, JSON.stringify(value)).not.toContain('gb');
    }
  });

  it('answers unknown for codes that name no country', () => {
    // Unknown, Tor, anonymous proxy, satellite, other, Europe, Asia-Pacific, ISO's
    // user-assigned ranges.
    for (const value of ['XX', 'T1', 'A1', 'A2', 'O1', 'EU', 'AP', 'AA', 'ZZ', 'QM', 'QZ', 'XA']) {
      expect(readCountryHeader(value), value).toEqual({ codes: [], unknown: true });
      expect(readCountryHeader(value.toLowerCase()), value).toEqual({ codes: [], unknown: true });
    }
  });

  it('keeps the countries of a list, and calls the list unknown', () => {
    expect(readCountryHeader('gb, fr')).toEqual({ codes: ['gb', 'fr'], unknown: true });
    expect(readCountryHeader('GB,FR')).toEqual({ codes: ['gb', 'fr'], unknown: true });
    expect(readCountryHeader('us;gb')).toEqual({ codes: ['us', 'gb'], unknown: true });
    expect(readCountryHeader('gb, gb')).toEqual({ codes: ['gb'], unknown: true });
    expect(readCountryHeader('XX, gb')).toEqual({ codes: ['gb'], unknown: true });
    expect(readCountryHeader(['de', 'gb'])).toEqual({ codes: ['de', 'gb'], unknown: true });
  });

  it('names the single country for the page constants, none for a list or an unknown', () => {
    expect(singleCountry(readCountryHeader('DE'))).toBe('de');
    expect(singleCountry(readCountryHeader('gb, fr'))).toBe('');
    expect(singleCountry(readCountryHeader('T1'))).toBe('');
  });
});

describe('isSisterReferrer', () => {
  const sisters = ['https://emberlight.example', 'https://velvethour.example/'];
  const from = (referrer: string) => isSisterReferrer(referrer, sisters);

  it('accepts a page of a sister site or of a subdomain of one, over http or https', () => {
    expect(from('https://emberlight.example/')).toBe(true);
    expect(from('https://emberlight.example/videos/1/a/?x=1#top')).toBe(true);
    expect(from('http://emberlight.example/')).toBe(true);
    expect(from('https://www.emberlight.example/')).toBe(true);
    expect(from('https://m.www.velvethour.example/')).toBe(true);
    expect(from('https://EMBERLIGHT.example/')).toBe(true);
    expect(from('https://emberlight.example:443/')).toBe(true);
  });

  it('refuses any other site, look-alikes included', () => {
    for (const referrer of [
      'https://partner.example/',
      'https://evil-emberlight.example/',
      'https://evilemberlight.example/',
      'https://emberlight.example.evil.org/',
      'https://emberlight.examplex/',
      'https://evil.org/?https://emberlight.example/',
      'https://evil.org/emberlight.example',
      'https://emberlight.example@evil.org/',
      'https://user@emberlight.example/',
      'https://user:pw@emberlight.example/',
      'https://evil.org\\@emberlight.example/',
      'https://emberlight.example:8443/',
      'https://emberlight.example./',
      // Cyrillic "е" and a full-width dot: the URL parser makes them punycode or another host.
      'https://еmberlight.example/',
      'https://xn--mberlight-8uf.example/',
      'https://emberlight．example.evil.org/',
      'ftp://emberlight.example/',
      'javascript://emberlight.example/',
      'emberlight.example',
      '//emberlight.example/',
      'not a url',
      '',
    ]) {
      expect(from(referrer), referrer).toBe(false);
    }
  });

  it('knows no sister when there are none, or when one is written wrong', () => {
    expect(isSisterReferrer('https://emberlight.example/', [])).toBe(false);
    expect(isSisterReferrer('https://emberlight.example/', ['emberlight.example'])).toBe(false);
  });
});

describe('isReferredVisit', () => {
  const sisters = ['https://emberlight.example'];
  const q = (query: string) => new URLSearchParams(query);
  const visit = (referrer: string | undefined, query: string) =>
    isReferredVisit(referrer, q(query), sisters);

  it('needs a sister site’s referrer and a source or promo query', () => {
    expect(visit('https://emberlight.example/', 'source=x')).toBe(true);
    expect(visit('https://www.emberlight.example/a/', 'promo=spring')).toBe(true);
    expect(visit('https://emberlight.example/', 'utm=1')).toBe(false);
    expect(visit('https://emberlight.example/', 'source=')).toBe(false);
    expect(visit('', 'source=x')).toBe(false);
    expect(visit(undefined, 'promo=x')).toBe(false);
  });

  it('ignores any other referrer, however the query reads', () => {
    expect(visit('https://partner.example/', 'source=x')).toBe(false);
    expect(visit('https://evil-emberlight.example/', 'promo=x')).toBe(false);
    expect(visit('https://emberlight.example.evil.org/', 'source=emberlight.example')).toBe(false);
  });
});
