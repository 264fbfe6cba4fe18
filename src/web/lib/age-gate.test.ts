import { describe, expect, it } from 'vitest';
import {
  type AgeGateInput,
  ageGateFor,
  type GateCountry,
  GENERAL_GATE_COUNTRIES,
  generalGateLanguage,
  holdsUkGate,
  isUkGateFreePath,
  NO_COUNTRY,
  readCountryHeader,
  UNKNOWN_COUNTRY,
} from './age-gate.ts';

// SPEC.md §4: which age gate covers a page (decisions 0018 and 0025). How a header value
// and a referrer are read is in age-gate-input.test.ts.

/** A visitor whose header named `code` alone. */
const from = (code: string): GateCountry => ({ codes: [code.toLowerCase()], unknown: false });

type Input = Omit<AgeGateInput, 'country'> & { country: string | GateCountry };
const visitor = (over: Partial<Input> = {}): AgeGateInput => {
  const { country = 'de', ...rest } = over;
  return {
    user: null,
    confirmed: false,
    path: '/',
    referred: false,
    ...rest,
    country: typeof country === 'string' ? from(country) : country,
  };
};
const member = { ageVerified: false };
const verified = { ageVerified: true };

describe('general age gate', () => {
  it('covers a visitor from every listed country until the flag is stored', () => {
    expect(GENERAL_GATE_COUNTRIES).toHaveLength(28);
    for (const country of GENERAL_GATE_COUNTRIES) {
      expect(ageGateFor(visitor({ country })), country).toBe('general');
      expect(ageGateFor(visitor({ country, confirmed: true })), country).toBe('none');
    }
  });

  it('is never shown to a member, verified or not', () => {
    expect(ageGateFor(visitor({ user: member }))).toBe('none');
    expect(ageGateFor(visitor({ country: 'us', user: verified }))).toBe('none');
  });

  it('leaves other countries alone, and everyone when no country header is configured', () => {
    for (const country of ['ch', 'no', 'ru', 'jp', 'br', 'ua']) {
      expect(ageGateFor(visitor({ country })), country).toBe('none');
    }
    expect(ageGateFor(visitor({ country: NO_COUNTRY }))).toBe('none');
  });

  it('covers every path, information pages included, and ignores referrals', () => {
    expect(ageGateFor(visitor({ path: '/information/terms/' }))).toBe('general');
    expect(ageGateFor(visitor({ path: '/signin/', referred: true }))).toBe('general');
  });

  it('reads the country in any case', () => {
    expect(ageGateFor(visitor({ country: 'FR' }))).toBe('general');
  });

  it('speaks German, French or Russian by country, else English', () => {
    expect(generalGateLanguage('de')).toBe('de');
    expect(generalGateLanguage('at')).toBe('de');
    expect(generalGateLanguage('FR')).toBe('fr');
    expect(generalGateLanguage('ru')).toBe('ru');
    expect(generalGateLanguage('us')).toBe('en');
    expect(generalGateLanguage('it')).toBe('en');
    expect(generalGateLanguage('')).toBe('en');
  });
});

describe('UK age gate', () => {
  const uk = (over: Partial<Input> = {}) => visitor({ country: 'gb', ...over });

  it('covers a visitor and a member who is not age-verified', () => {
    expect(ageGateFor(uk())).toBe('uk');
    expect(ageGateFor(uk({ user: member }))).toBe('uk');
  });

  it('lets an age-verified member through', () => {
    expect(ageGateFor(uk({ user: verified }))).toBe('none');
  });

  it('does not care for the general gate’s flag', () => {
    expect(ageGateFor(uk({ confirmed: true }))).toBe('uk');
  });

  it('leaves information, sign-in, sign-up and restore-password pages open', () => {
    for (const path of [
      '/information/',
      '/information/terms/',
      '/information/2257/',
      '/signin/',
      '/signup/',
      '/restore-password/',
    ]) {
      expect(ageGateFor(uk({ path })), path).toBe('none');
      expect(ageGateFor(uk({ path, user: member })), path).toBe('none');
    }
    for (const path of ['/', '/videos/1/a/', '/informational/', '/signing/', '/x/information/']) {
      expect(ageGateFor(uk({ path })), path).toBe('uk');
    }
  });

  it('leaves a visit from a sister site’s link open', () => {
    expect(ageGateFor(uk({ referred: true }))).toBe('none');
    expect(ageGateFor(uk({ referred: true, user: member }))).toBe('none');
  });

  it('knows which paths are free', () => {
    expect(isUkGateFreePath('/information')).toBe(true);
    expect(isUkGateFreePath('/signup/')).toBe(true);
    expect(isUkGateFreePath('/edit/')).toBe(false);
  });

  it('holds back content (a page or its data) exactly when it would cover a page', () => {
    expect(holdsUkGate(from('gb'), null, false)).toBe(true);
    expect(holdsUkGate(from('gb'), member, false)).toBe(true);
    expect(holdsUkGate(from('gb'), verified, false)).toBe(false);
    expect(holdsUkGate(from('gb'), null, true)).toBe(false);
    expect(holdsUkGate(readCountryHeader('gb, fr'), null, false)).toBe(true);
    for (const country of [from('us'), from('de'), NO_COUNTRY, UNKNOWN_COUNTRY]) {
      expect(holdsUkGate(country, null, false)).toBe(false);
    }
  });
});

describe('a header that names no single country fails closed', () => {
  const gateOf = (header: unknown, over: Partial<Input> = {}) =>
    ageGateFor(visitor({ country: readCountryHeader(header), ...over }));

  it('gives a visitor whose country is not known the general gate', () => {
    const unknown = [undefined, null, 42, '', '  ', 'XX', 'xx', 'T1', ' t1 ', 'A1', 'A2', 'EU'];
    for (const header of [...unknown, 'AP', 'ZZ', 'deu', 'd', '1a', 'g b', 'q1', 'ch;jp']) {
      const name = JSON.stringify(header) ?? 'undefined';
      expect(gateOf(header), name).toBe('general');
      // Only the general gate: its flag and membership lift it as for any listed country.
      expect(gateOf(header, { confirmed: true }), name).toBe('none');
      expect(gateOf(header, { user: member }), name).toBe('none');
    }
  });

  it('gives a list the strictest gate any of its countries would get', () => {
    expect(gateOf('gb, fr')).toBe('uk');
    expect(gateOf('fr, gb')).toBe('uk');
    expect(gateOf('ch,gb')).toBe('uk');
    expect(gateOf('us, de')).toBe('general');
    // Several countries are no country: not even a list of ungated ones is let through.
    expect(gateOf('ch, jp')).toBe('general');
    expect(gateOf('gb, gb')).toBe('uk');
    expect(gateOf('gb, xx')).toBe('uk');
    expect(gateOf('fr;gb')).toBe('uk');
    expect(gateOf(['us', 'gb'])).toBe('uk');
    // A verified member from the UK is still a member: the general gate never covers one.
    expect(gateOf('gb, fr', { user: verified })).toBe('none');
    // On a page the UK gate leaves open, the other countries' gate still applies.
    expect(gateOf('gb, fr', { path: '/signin/' })).toBe('general');
    expect(gateOf('gb, fr', { referred: true, confirmed: true })).toBe('none');
  });

  it('reads the United Kingdom’s common non-ISO code as the UK', () => {
    expect(gateOf('UK')).toBe('uk');
    expect(gateOf('uk', { user: verified })).toBe('none');
  });
});
