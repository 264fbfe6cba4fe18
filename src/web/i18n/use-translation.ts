import type { i18n as I18n, TFunction } from 'i18next';
import { useContext } from 'react';
import { I18nContext } from 'react-i18next';

// The page's words (issue 18). react-i18next's own hook copies every property of the i18next
// instance into a new wrapper each time a component mounts: a twelfth of a listing's server
// render (60 thumbs, each with its own hook). A page's language never changes while it is
// open (the language picker loads the page again, SPEC.md §6) and a screen's messages arrive
// before its code renders (messages.client.ts), so a component needs no subscription: one
// translate function per page is enough. It remembers what it said: a listing asks the same
// few sentences of its 60 thumbs, and i18next works each out afresh (plural rules,
// interpolation). `npm run lint` keeps react-i18next's hook out of the app (biome.json).

/** At most this many remembered sentences per i18next instance (a page, or a language on the server). */
const REMEMBERED = 2000;

const perPage = new WeakMap<I18n, TFunction>();

function isSimple(value: unknown): boolean {
  const type = typeof value;
  return (
    value === undefined ||
    value === null ||
    type === 'string' ||
    type === 'number' ||
    type === 'boolean'
  );
}

/** Arguments that name a sentence fully: strings, numbers and flat options of them. */
function rememberable(args: readonly unknown[]): boolean {
  return args.every(
    (arg) =>
      isSimple(arg) ||
      (typeof arg === 'object' &&
        Object.getPrototypeOf(arg) === Object.prototype &&
        Object.values(arg as object).every(isSimple)),
  );
}

/** A translate function of `i18n` that remembers its answers until messages are added. */
export function rememberingT(i18n: I18n): TFunction {
  const translate = i18n.getFixedT(null, null) as unknown as (...args: unknown[]) => unknown;
  const said = new Map<string, unknown>();
  i18n.store?.on('added', () => said.clear());
  const t = (...args: unknown[]) => {
    if (!rememberable(args)) return translate(...args);
    const id = JSON.stringify(args);
    if (said.has(id)) return said.get(id);
    const sentence = translate(...args);
    // The oldest goes first: a page's own sentences stay, other pages' counts come and go.
    if (said.size >= REMEMBERED) said.delete(said.keys().next().value as string);
    said.set(id, sentence);
    return sentence;
  };
  return t as unknown as TFunction;
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const { i18n } = useContext(I18nContext);
  let t = perPage.get(i18n);
  if (!t) {
    t = rememberingT(i18n);
    perPage.set(i18n, t);
  }
  return { t, i18n };
}
