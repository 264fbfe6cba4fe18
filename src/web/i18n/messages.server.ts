import type { Language } from '../../contracts/constants.ts';
import { createI18n, type I18n, MESSAGE_PARTS, type Messages, mergeMessages } from './i18n.ts';

// Every language's messages, bundled into the server entry: the first-paint part and the
// screens' parts (messages.client.ts) as one.
const modules = import.meta.glob<{ default: Messages }>(
  ['./locales/*.json', './locales/*/*.json'],
  { eager: true },
);

export function serverMessages(lang: Language): Messages {
  const files = [
    `./locales/${lang}.json`,
    ...MESSAGE_PARTS.map((p) => `./locales/${p}/${lang}.json`),
  ];
  // A section may be split between the screens' parts (a few of its words show on the video
  // page, the rest on other screens): merged, not overwritten.
  return files.reduce<Messages>((all, file) => {
    const part = modules[file];
    if (!part) throw new Error(`no messages for ${lang} (${file})`);
    return mergeMessages(all, part.default);
  }, {});
}

const instances = new Map<Language, I18n>();

/**
 * The translator of a language on the server: made once and shared by every render
 * (issue 18), since the server holds all the messages from the start and a render neither
 * adds messages nor changes the language.
 */
export function serverI18n(lang: Language): I18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createI18n(lang, serverMessages(lang));
    instances.set(lang, instance);
  }
  return instance;
}
