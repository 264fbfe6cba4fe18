import { describe, expect, it } from 'vitest';
import {
  type AgeGateInput,
  ageGateFor,
  GENERAL_GATE_COUNTRIES,
  generalGateLanguage,
  isReferredVisit,
  isUkGateFreePath,
  parseCountry,
} from './age-gate.ts';

// SPEC.md §4: which age gate covers a page.

const visitor = (over: Partial<AgeGateInput> = {}): AgeGateInput => ({
  country: 'de',
  user: null,
  confirmed: false,
  path: '/',
  referred: false,
  ...over,
});
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

  it('leaves other and unknown countries alone', () => {
    for (const country of ['ch', 'no', 'ru', 'jp', 'br', 'ua', '']) {
      expect(ageGateFor(visitor({ country })), country).toBe('none');
    }
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
  const uk = (over: Partial<AgeGateInput> = {}) => visitor({ country: 'gb', ...over });

  it('covers a visitor and a member who is not age-verified', () => {
    expect(ageGateFor(uk())).toBe('uk');
    expect(ageGateFor(uk({ user: member }))).toBe('uk');
    expect(ageGateFor(uk({ country: 'GB' }))).toBe('uk');
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

  it('leaves a visit from a partner’s link open', () => {
    expect(ageGateFor(uk({ referred: true }))).toBe('none');
    expect(ageGateFor(uk({ referred: true, user: member }))).toBe('none');
  });

  it('knows which paths are free', () => {
    expect(isUkGateFreePath('/information')).toBe(true);
    expect(isUkGateFreePath('/signup/')).toBe(true);
    expect(isUkGateFreePath('/edit/')).toBe(false);
  });
});

describe('isReferredVisit', () => {
  const q = (query: string) => new URLSearchParams(query);

  it('needs a referrer and a source or promo query', () => {
    expect(isReferredVisit('https://partner.example/', q('source=x'))).toBe(true);
    expect(isReferredVisit('https://partner.example/', q('promo=spring'))).toBe(true);
    expect(isReferredVisit('https://partner.example/', q('utm=1'))).toBe(false);
    expect(isReferredVisit('https://partner.example/', q('source='))).toBe(false);
    expect(isReferredVisit('', q('source=x'))).toBe(false);
    expect(isReferredVisit(undefined, q('promo=x'))).toBe(false);
  });
});

describe('parseCountry', () => {
  it('takes a two-letter code from a header in any case', () => {
    expect(parseCountry('DE')).toBe('de');
    expect(parseCountry(' gb ')).toBe('gb');
    expect(parseCountry(['us', 'fr'])).toBe('us');
  });

  it('answers unknown for anything else', () => {
    for (const value of ['XX', 'T1', 'deu', 'd', '', '1a', undefined, 42]) {
      expect(parseCountry(value), String(value)).toBe('');
    }
  });
});
