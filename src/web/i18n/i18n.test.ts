import { readdirSync } from 'node:fs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  allMessages,
  LOCALES_DIR,
  readLocaleFile as read,
} from '../../../tests/support/messages.ts';
import { LANGUAGES } from '../../contracts/constants.ts';
import { ERROR_CODES } from '../../contracts/errors.ts';
import { createI18n, MESSAGE_PARTS, type Messages } from './i18n.ts';

// Every interface string exists in every language, with the plural forms that language
// needs, the same placeholders as English, and a real translation (not English left in).

/** A language's messages: the first-paint part and the screens' parts (messages.client.ts). */
const load = allMessages;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Leaf keys as dotted paths, plural suffixes kept. */
function leaves(messages: Messages, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      for (const [k, v] of leaves(value as Messages, full)) out.set(k, v);
    } else {
      out.set(full, String(value));
    }
  }
  return out;
}

/** Keys without plural suffixes: what the code asks for. */
const baseKeys = (keys: Iterable<string>) =>
  new Set([...keys].map((key) => key.replace(PLURAL_SUFFIX, '')));

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const english = leaves(load('en'));

describe('locales', () => {
  it('keeps each text in one part of a language, the same part in every language', () => {
    for (const lang of LANGUAGES) {
      const core = Object.keys(read(`${lang}.json`));
      const seen = baseKeys(leaves(read(`${lang}.json`)).keys());
      for (const part of MESSAGE_PARTS) {
        const texts = [...baseKeys(leaves(read(`${part}/${lang}.json`)).keys())];
        // The first-paint sections are whole but for the failure texts that only account and
        // upload screens meet (in the account part; errorText falls back to the general one);
        // a screen section may be in more than one screens' part.
        expect(
          texts.filter(
            (key) => key.split('.')[0] !== 'errors' && core.includes(key.split('.')[0] ?? ''),
          ),
          `${lang} ${part}`,
        ).toEqual([]);
        expect(
          texts.filter((key) => seen.has(key)),
          `${lang} ${part}`,
        ).toEqual([]);
        for (const key of texts) seen.add(key);
        expect(texts.sort(), `${lang} ${part}`).toEqual(
          [...baseKeys(leaves(read(`${part}/en.json`)).keys())].sort(),
        );
      }
    }
  });

  it('has one file per language of the site', () => {
    const files = readdirSync(LOCALES_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace('.json', ''))
      .sort();
    expect(files).toEqual([...LANGUAGES].sort());
  });

  describe.each(LANGUAGES.filter((lang) => lang !== 'en'))('%s', (lang) => {
    const messages = leaves(load(lang));

    it('has every key of English and no other', () => {
      expect([...baseKeys(messages.keys())].sort()).toEqual([...baseKeys(english.keys())].sort());
    });

    it('has every plural form the language needs', () => {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      const plural = [...english.keys()].filter((k) => PLURAL_SUFFIX.test(k));
      for (const base of baseKeys(plural)) {
        for (const category of categories) {
          expect(messages.has(`${base}_${category}`), `${base}_${category}`).toBe(true);
        }
      }
    });

    it('keeps the placeholders of English', () => {
      for (const [key, text] of messages) {
        const englishText =
          english.get(key) ?? english.get(`${key.replace(PLURAL_SUFFIX, '')}_other`) ?? '';
        expect(placeholders(text), `${lang}:${key}`).toEqual(placeholders(englishText));
      }
    });

    it('is translated, not English left in place', () => {
      const same = [...messages].filter(
        ([key, text]) => english.get(key) === text && text.length > 3,
      );
      // Brand names and words a language borrows (German "Videos", "Community") may match;
      // most strings must not.
      expect(same.length / messages.size).toBeLessThan(0.2);
    });
  });
});

describe('messages of SPEC.md §8', () => {
  it('has a message for every failure code the server can answer', () => {
    const missing = ERROR_CODES.filter((code) => !english.has(`errors.${code}`));
    expect(missing).toEqual([]);
  });
});

describe('createI18n', () => {
  it('translates in the page language and interpolates', () => {
    const i18n = createI18n('de', load('de'));
    expect(i18n.language).toBe('de');
    expect(i18n.t('nav.home')).toBe((load('de').nav as Messages).home);
  });
});

/** i18next as the app had it configured before decision 0061, as the reference. */
function reference(lang: string, messages: Messages) {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: messages } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

describe('createI18n answers as i18next did', () => {
  const COUNTS = [0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 25, 101, 1000, 1.5];
  for (const lang of LANGUAGES) {
    it(`for every key of ${lang}, every count and placeholder`, () => {
      const messages = load(lang);
      const ours = createI18n(lang, messages);
      const theirs = reference(lang, messages);
      for (const key of baseKeys(leaves(messages).keys())) {
        const text = leaves(messages).get(key) ?? leaves(messages).get(`${key}_other`) ?? '';
        const values = Object.fromEntries(placeholders(text).map((name) => [name, `<${name}>`]));
        expect(ours.t(key), key).toBe(theirs.t(key));
        expect(ours.t(key, values), key).toBe(theirs.t(key, values));
        for (const count of COUNTS) {
          expect(ours.t(key, { ...values, count }), `${key} ${count}`).toBe(
            theirs.t(key, { ...values, count }),
          );
        }
      }
    });
  }

  it('for missing keys, missing and empty values, defaults and added messages', () => {
    const messages = { a: { b: 'B {{x}} {{y}}', n_one: '{{count}} one', n_other: '{{count}} n' } };
    const ours = createI18n('en', messages);
    const theirs = reference('en', messages);
    const cases: [string, Record<string, unknown>?][] = [
      ['a.missing'],
      ['a.missing', { defaultValue: 'D {{x}}', x: 1 }],
      ['a.b'],
      ['a.b', { x: 'X' }],
      ['a.b', { x: undefined, y: null }],
      ['a.b', { x: 0, y: false }],
      ['a.n', { count: 1 }],
      ['a.n', { count: 7 }],
      ['a.n'],
    ];
    for (const [key, options] of cases) {
      expect(ours.t(key, options), key).toBe(theirs.t(key, options) as string);
    }
    // A key naming a group, not a text: i18next said so in a sentence; the key is shown.
    expect(ours.t('a')).toBe('a');
    ours.addMessages({ a: { c: 'C' } });
    expect([ours.t('a.b', { x: 1, y: 2 }), ours.t('a.c')]).toEqual(['B 1 2', 'C']);
  });
});
