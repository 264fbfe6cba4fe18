import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '../../../contracts/constants.ts';
import { MESSAGE_PARTS } from '../../../web/i18n/i18n.ts';

// What every mail to a member is written from: a section of the screen locale files (the
// words the member's pages show too), filled in with `{{name}}` values, and sent to the
// member's address in their language. The screens' words are in three parts (decision 0061:
// the video page's, the other browsing screens' and the account screens'); a section may
// have words in more than one.

const LOCALES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/i18n/locales',
);
const SCREEN_DIRS = MESSAGE_PARTS.map((part) => path.join(LOCALES_DIR, part));

type Section = Record<string, unknown>;
const isSection = (value: unknown): value is Section =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function mergeSections(target: Section, source: Section): Section {
  const out: Section = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] = isSection(existing) && isSection(value) ? mergeSections(existing, value) : value;
  }
  return out;
}

/**
 * One section of every screen locale file, by language (a language without it is absent).
 * `dir`: one directory of `{lang}.json` files instead of the site's parts.
 */
export function screenLocaleSection(
  section: string,
  dir?: string,
): Partial<Record<Language, Record<string, unknown>>> {
  const sections: Partial<Record<Language, Record<string, unknown>>> = {};
  for (const lang of LANGUAGES) {
    let words: Section | undefined;
    for (const from of dir ? [dir] : SCREEN_DIRS) {
      const json = JSON.parse(readFileSync(path.join(from, `${lang}.json`), 'utf8')) as Section;
      const part = json[section];
      if (isSection(part)) words = words ? mergeSections(words, part) : part;
    }
    if (words) sections[lang] = words;
  }
  return sections;
}

/** A template's `{{name}}` places filled in; an unknown name is left empty. */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** Who a mail to a member goes to, and in which language. */
export interface MailRecipient {
  username: string;
  email: string;
  lang: string;
}

/** Looks up a member's mail recipient; undefined for an account that is gone. */
export type FindRecipient = (userId: number) => Promise<MailRecipient | undefined>;
