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

type Options = { value: string; label: string }[];
const optionLists = new Map<string, Options>();

/**
 * Every country of the site's list as select options, by name in the page language.
 * Built once per language: the list screens render it on every visit and hydration.
 */
export function countryOptions(lang: string): Options {
  let options = optionLists.get(lang);
  if (!options) {
    const collator = new Intl.Collator(lang);
    options = COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code, lang) })).sort(
      (a, b) => collator.compare(a.label, b.label),
    );
    optionLists.set(lang, options);
  }
  return options;
}
