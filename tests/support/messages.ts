import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MESSAGE_PARTS, type Messages, mergeMessages } from '../../src/web/i18n/i18n.ts';

/** The locale files' directory (`src/web/i18n/locales`). */
export const LOCALES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/web/i18n/locales',
);

/** One locale file, by its path under the locales directory (`screens/en.json`). */
export const readLocaleFile = (file: string): Messages =>
  JSON.parse(readFileSync(path.join(LOCALES_DIR, file), 'utf8')) as Messages;

/** Every word of a language: the first-paint part and each screens' part, as the server has them. */
export const allMessages = (lang: string): Messages =>
  MESSAGE_PARTS.reduce(
    (all, part) => mergeMessages(all, readLocaleFile(`${part}/${lang}.json`)),
    readLocaleFile(`${lang}.json`),
  );
