import { COUNTRY_CODES } from '../../contracts/constants.ts';
import { countryName } from '../../contracts/format.ts';

export { countryName };

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
