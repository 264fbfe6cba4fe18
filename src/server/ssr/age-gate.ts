import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  AGE_CONFIRMED_KEY,
  ageGateFor,
  GENERAL_GATE_LANGUAGES,
  type GeneralGateLanguage,
  generalGateLanguage,
  isReferredVisit,
  parseCountry,
} from '../../web/lib/age-gate.ts';
import type { AgeGateGlobals, GeneralGateText } from '../../web/ssr-types.ts';

// The general age gate speaks the language of the visitor's country, not the page's
// (SPEC.md §4): a German visitor reading the English site still gets the German gate. The
// browser holds only the page's language, so the server hands the gate its words with the
// page constants. The words live in the locales (`ageGate.general`), read once.

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../web/i18n/locales');

let texts: Map<GeneralGateLanguage, GeneralGateText> | undefined;

function load(): Map<GeneralGateLanguage, GeneralGateText> {
  const out = new Map<GeneralGateLanguage, GeneralGateText>();
  for (const lang of GENERAL_GATE_LANGUAGES) {
    const messages = JSON.parse(readFileSync(path.join(LOCALES_DIR, `${lang}.json`), 'utf8')) as {
      ageGate: { general: GeneralGateText };
    };
    const { title, text, enter, leave } = messages.ageGate.general;
    out.set(lang, { title, text, enter, leave });
  }
  return out;
}

/** The general gate's words for a visitor from `country`. */
export function generalGateText(country: string): GeneralGateText {
  texts ??= load();
  const text = texts.get(generalGateLanguage(country)) ?? texts.get('en');
  if (!text) throw new Error('the general age gate has no English words');
  return text;
}

/**
 * The visitor's country from the header a trusted CDN or proxy sets (COUNTRY_HEADER, e.g.
 * `cf-ipcountry`); '' when no header is configured or it names no country.
 */
export function visitorCountry(
  headers: Record<string, string | string[] | undefined>,
  countryHeader: string | undefined,
): string {
  return countryHeader ? parseCountry(headers[countryHeader]) : '';
}

/** The page constants of the age gates for one page request (SPEC.md §4). */
export function ageGateGlobals(input: {
  url: string;
  referer: string | undefined;
  cookies: Record<string, string | undefined>;
  country: string;
  signedIn: boolean;
}): AgeGateGlobals {
  const query = input.url.indexOf('?');
  const search = new URLSearchParams(query === -1 ? '' : input.url.slice(query + 1));
  const globals: AgeGateGlobals = {
    confirmed: input.cookies[AGE_CONFIRMED_KEY] === '1',
    referred: isReferredVisit(input.referer, search),
  };
  // Only a visitor who may see the general gate gets its words.
  const gate = ageGateFor({
    country: input.country,
    user: input.signedIn ? { ageVerified: false } : null,
    confirmed: globals.confirmed,
    path: '/',
    referred: false,
  });
  if (gate === 'general') globals.generalText = generalGateText(input.country);
  return globals;
}
