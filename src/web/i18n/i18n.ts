import i18next, { type i18n } from 'i18next';
import type { Language } from '../../contracts/constants.ts';

// One i18next instance per request on the server and one in the browser, each holding only
// the page's language (every key exists in every language: i18n.test.ts checks it).

export type Messages = Record<string, unknown>;

export function createI18n(lang: Language, messages: Messages): i18n {
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

/** The module path of a language's messages, for a modulepreload of its chunk. */
export function messagesModuleId(lang: Language): string {
  return `src/web/i18n/locales/${lang}.json`;
}
