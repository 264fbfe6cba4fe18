import type { Language } from '../../contracts/constants.ts';
import { GLOBALS_KEY } from '../hydration.ts';
import type { I18n, Messages } from './i18n.ts';

// In the browser each language's messages are their own small chunks: `locales/{lang}.json`
// holds what the layout and the listing screens say (every first paint needs it);
// `locales/screens/{lang}.json` what the other screens say (the video page, member screens,
// forms), loaded with those screens' code (routes.tsx `withScreenMessages`). The server
// holds both (messages.server.ts).

const loaders = import.meta.glob<{ default: Messages }>('./locales/*.json');
const screenLoaders = import.meta.glob<{ default: Messages }>('./locales/screens/*.json');

/** Loads one language's messages as its own small chunk (browser). */
export async function loadMessages(lang: Language): Promise<Messages> {
  const load = loaders[`./locales/${lang}.json`];
  if (!load) throw new Error(`no messages for ${lang}`);
  return (await load()).default;
}

let screens: Promise<Messages> | undefined;
let loadedScreens: Messages | undefined;
let bound: I18n | undefined;

/**
 * The other screens' messages of the page's language, once (browser; a no-op on the
 * server, which has them all). Screens await it with their code.
 */
export function ensureScreenMessages(): Promise<unknown> {
  if (typeof window === 'undefined') return Promise.resolve();
  if (!screens) {
    const lang = window[GLOBALS_KEY].globals.lang;
    const load = screenLoaders[`./locales/screens/${lang}.json`];
    if (!load) return Promise.reject(new Error(`no screen messages for ${lang}`));
    screens = load().then(({ default: messages }) => {
      loadedScreens = messages;
      bound?.addMessages(messages);
      return messages;
    });
    // A failed load may be tried again by the next screen.
    screens.catch(() => {
      screens = undefined;
    });
  }
  return screens;
}

/** The page's translator, which screen messages loaded later are added to. */
export function bindScreenMessages(instance: I18n): void {
  bound = instance;
  if (loadedScreens) instance.addMessages(loadedScreens);
}

/** A lazy route's loader that also brings the screen messages. */
export function withScreenMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), ensureScreenMessages()]))[0];
}
