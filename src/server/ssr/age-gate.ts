import { readFileSync } from 'node:fs';
import path from 'node:path';
import { failure, statusForCode } from '../../contracts/errors.ts';
import { type ApiClient, ApiError } from '../../web/api/client.ts';
import {
  AGE_CONFIRMED_KEY,
  ageGateFor,
  type GateCountry,
  GENERAL_GATE_LANGUAGES,
  type GeneralGateLanguage,
  generalGateLanguage,
  singleCountry,
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

/** The page constants of the age gates for one page request (SPEC.md §4). */
export function ageGateGlobals(input: {
  country: GateCountry;
  referred: boolean;
  cookies: Record<string, string | undefined>;
  signedIn: boolean;
}): AgeGateGlobals {
  const globals: AgeGateGlobals = {
    confirmed: input.cookies[AGE_CONFIRMED_KEY] === '1',
    referred: input.referred,
    country: input.country,
  };
  // Only a visitor who may see the general gate on some page gets its words: the UK gate,
  // which would cover it on most, is left aside (`referred`).
  const gate = ageGateFor({
    country: input.country,
    user: input.signedIn ? { ageVerified: false } : null,
    confirmed: globals.confirmed,
    path: '/',
    referred: true,
  });
  if (gate === 'general') globals.generalText = generalGateText(singleCountry(input.country));
  return globals;
}

/**
 * The web app's API client for a page the UK gate covers: every read is refused as the JSON
 * API would refuse it, so the page renders around the gate without the content (its title,
 * description, stream and pictures) in its HTML or serialized state. The browser loads the
 * data once the member is verified (decision 0025).
 */
export const withheldApi: ApiClient = {
  get() {
    return Promise.reject(
      new ApiError(
        statusForCode('age_verification_required'),
        failure('age_verification_required'),
      ),
    );
  },
};
