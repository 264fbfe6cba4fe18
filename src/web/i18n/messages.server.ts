import type { Language } from '../../contracts/constants.ts';
import type { Messages } from './i18n.ts';

// Every language's messages, bundled into the server entry.
const modules = import.meta.glob<{ default: Messages }>('./locales/*.json', { eager: true });

export function serverMessages(lang: Language): Messages {
  const mod = modules[`./locales/${lang}.json`];
  if (!mod) throw new Error(`no messages for ${lang}`);
  return mod.default;
}
