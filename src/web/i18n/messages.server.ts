import type { Language } from '../../contracts/constants.ts';
import { createI18n, type I18n, type Messages, mergeMessages } from './i18n.ts';

// Every language's messages, bundled into the server entry: the first-paint part, the
// browsing screens' part and the account screens' part (messages.client.ts) as one.
const modules = import.meta.glob<{ default: Messages }>('./locales/*.json', { eager: true });
const screens = import.meta.glob<{ default: Messages }>('./locales/screens/*.json', {
  eager: true,
});
const accounts = import.meta.glob<{ default: Messages }>('./locales/account/*.json', {
  eager: true,
});

export function serverMessages(lang: Language): Messages {
  const mod = modules[`./locales/${lang}.json`];
  const screen = screens[`./locales/screens/${lang}.json`];
  const account = accounts[`./locales/account/${lang}.json`];
  if (!mod || !screen || !account) throw new Error(`no messages for ${lang}`);
  // A section may be split between the two screen parts (a few of its words show on a
  // browsing screen): merged, not overwritten.
  return mergeMessages({ ...mod.default, ...screen.default }, account.default);
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
