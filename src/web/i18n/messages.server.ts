import type { Language } from '../../contracts/constants.ts';
import type { Messages } from './i18n.ts';

// Every language's messages, bundled into the server entry: the first-paint part and the
// other screens' part (messages.client.ts) as one.
const modules = import.meta.glob<{ default: Messages }>('./locales/*.json', { eager: true });
const screens = import.meta.glob<{ default: Messages }>('./locales/screens/*.json', {
  eager: true,
});

export function serverMessages(lang: Language): Messages {
  const mod = modules[`./locales/${lang}.json`];
  const screen = screens[`./locales/screens/${lang}.json`];
  if (!mod || !screen) throw new Error(`no messages for ${lang}`);
  return { ...mod.default, ...screen.default };
}
