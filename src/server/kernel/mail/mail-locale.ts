import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '../../../contracts/constants.ts';

// What every mail to a member is written from: a section of the screen locale files (the
// words the member's pages show too), filled in with `{{name}}` values, and sent to the
// member's address in their language.

const LOCALES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../web/i18n/locales/screens',
);

/** One section of every screen locale file, by language (a language without it is absent). */
export function screenLocaleSection(
  section: string,
  dir = LOCALES_DIR,
): Partial<Record<Language, Record<string, unknown>>> {
  const sections: Partial<Record<Language, Record<string, unknown>>> = {};
  for (const lang of LANGUAGES) {
    const json = JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Record<
      string,
      unknown
    >;
    const words = json[section];
    if (typeof words === 'object' && words !== null) {
      sections[lang] = words as Record<string, unknown>;
    }
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
