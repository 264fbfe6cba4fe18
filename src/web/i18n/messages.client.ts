import type { Language } from '../../contracts/constants.ts';
import type { Messages } from './i18n.ts';

// In the browser each language's messages are their own small chunk.
const loaders = import.meta.glob<{ default: Messages }>('./locales/*.json');

/** Loads one language's messages as its own small chunk (browser). */
export async function loadMessages(lang: Language): Promise<Messages> {
  const load = loaders[`./locales/${lang}.json`];
  if (!load) throw new Error(`no messages for ${lang}`);
  return (await load()).default;
}
