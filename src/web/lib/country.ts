import { COUNTRY_CODES } from '../../contracts/constants.ts';

const displayNames = new Map<string, Intl.DisplayNames | null>();

function namesIn(lang: string): Intl.DisplayNames | null {
  let names = displayNames.get(lang);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([lang], { type: 'region' });
    } catch {
      names = null;
    }
    displayNames.set(lang, names);
  }
  return names;
}

/** A country's name in the page language, from its two-letter code (the browser's own list). */
export function countryName(code: string, lang: string): string {
  const upper = code.toUpperCase();
  try {
    return namesIn(lang)?.of(upper) ?? upper;
  } catch {
    return upper;
  }
}

/** Every country of the site's list as select options, by name in the page language. */
export function countryOptions(lang: string): { value: string; label: string }[] {
  return COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, lang) })).sort(
    (a, b) => a.label.localeCompare(b.label, lang),
  );
}
