import type { Language } from '../../contracts/constants.ts';
import { GLOBALS_KEY } from '../hydration.ts';
import type { I18n, Messages } from './i18n.ts';

// In the browser each language's messages are four small chunks: `locales/{lang}.json`
// holds what the layout and the listing screens say (every first paint needs it);
// `locales/screens/{lang}.json` what the video page's first screen and the embedded player
// say, loaded with their code (`ensureScreenMessages`); `locales/browse/{lang}.json` what
// the other browsing screens say (model, channel, playlist, community and search pages) and
// the video page's dialogs, comments and playlist strip, loaded with their code
// (`withBrowseMessages`, which brings the screens' part too); `locales/account/{lang}.json`
// what account, upload and member screens and forms say (sign-in, upload, edit, a member's
// page, the report form), loaded with theirs (`withAccountMessages`, which brings the other
// two). The server holds them all (messages.server.ts). Which words go where is checked by
// message-parts.test.ts. Decision 0061.

const loaders = import.meta.glob<{ default: Messages }>('./locales/*.json');
const screenLoaders = import.meta.glob<{ default: Messages }>('./locales/screens/*.json');
const browseLoaders = import.meta.glob<{ default: Messages }>('./locales/browse/*.json');
const accountLoaders = import.meta.glob<{ default: Messages }>('./locales/account/*.json');

/** Loads one language's messages as its own small chunk (browser). */
export async function loadMessages(lang: Language): Promise<Messages> {
  const load = loaders[`./locales/${lang}.json`];
  if (!load) throw new Error(`no messages for ${lang}`);
  return (await load()).default;
}

let bound: I18n | undefined;
const loadedParts: Messages[] = [];

/** One part of the page language's messages, loaded once and added to the translator. */
function messagePart(loadersOfPart: Record<string, () => Promise<{ default: Messages }>>) {
  let pending: Promise<Messages> | undefined;
  return (): Promise<unknown> => {
    if (typeof window === 'undefined') return Promise.resolve();
    if (!pending) {
      const lang = window[GLOBALS_KEY].globals.lang;
      const load = Object.entries(loadersOfPart).find(([file]) =>
        file.endsWith(`/${lang}.json`),
      )?.[1];
      if (!load) return Promise.reject(new Error(`no messages for ${lang}`));
      pending = load().then(({ default: messages }) => {
        loadedParts.push(messages);
        bound?.addMessages(messages);
        return messages;
      });
      // A failed load may be tried again by the next screen.
      pending.catch(() => {
        pending = undefined;
      });
    }
    return pending;
  };
}

/**
 * The video page's messages of the page's language, once (browser; a no-op on the server,
 * which has them all). Screens await it with their code.
 */
export const ensureScreenMessages = messagePart(screenLoaders);

const ensureBrowsePart = messagePart(browseLoaders);
const ensureAccountPart = messagePart(accountLoaders);

/** The browsing screens' messages, with the video page's (browser). */
export function ensureBrowseMessages(): Promise<unknown> {
  return Promise.all([ensureScreenMessages(), ensureBrowsePart()]);
}

/** The account and member screens' messages, with the browsing screens' (browser). */
export function ensureAccountMessages(): Promise<unknown> {
  return Promise.all([ensureBrowseMessages(), ensureAccountPart()]);
}

/** The page's translator, which messages loaded later are added to. */
export function bindScreenMessages(instance: I18n): void {
  bound = instance;
  for (const messages of loadedParts) instance.addMessages(messages);
}

/** A lazy route's loader that also brings the video page's messages. */
export function withScreenMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), ensureScreenMessages()]))[0];
}

/** A lazy route's loader that also brings the browsing screens' messages. */
export function withBrowseMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), ensureBrowseMessages()]))[0];
}

/** A lazy route's (or dialog's) loader that also brings the account screens' messages. */
export function withAccountMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), ensureAccountMessages()]))[0];
}
