import type { Language } from '../../contracts/constants.ts';

// One translator per request on the server and one in the browser, each holding only the
// page's language (every key exists in every language: i18n.test.ts checks it). It does
// what the app asked of i18next and no more (decision 0061): dotted keys, plural forms by
// `count` (`key_one`, `key_few`… from Intl.PluralRules) and `{{name}}` placeholders, with
// i18next's answers for missing keys and values (i18n.test.ts compares the two).

export type Messages = Record<string, unknown>;

/**
 * The parts of a language's messages besides the first-paint part `locales/{lang}.json`, as
 * directories of `locales/` (messages.client.ts says which screens load which).
 */
export const MESSAGE_PARTS = ['screens', 'browse', 'account'] as const;

export interface TOptions {
  /** Picks the plural form (`key_one`, `key_other`…) and fills `{{count}}`. */
  count?: number;
  /** The text when the key is missing. */
  defaultValue?: string;
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

export interface I18n {
  readonly language: Language;
  t: TFunction;
  /** More messages of the same language (a screen's, loaded with its code). */
  addMessages(messages: Messages): void;
}

const isObject = (value: unknown): value is Messages =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** `source` over `target`, sections merged key by key rather than replaced. */
export function mergeMessages(target: Messages, source: Messages): Messages {
  const out: Messages = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = out[key];
    out[key] = isObject(existing) && isObject(value) ? mergeMessages(existing, value) : value;
  }
  return out;
}

const PLACEHOLDER = /\{\{-?\s*([^{}]+?)\s*\}\}/g;

/**
 * `{{name}}` → the value, unescaped (React escapes what it renders). As i18next: a name
 * not passed stays as it is; one passed as null or undefined becomes ''.
 */
function interpolate(text: string, values: TOptions): string {
  return text.replace(PLACEHOLDER, (match, name: string) => {
    if (!Object.hasOwn(values, name)) return match;
    const value = values[name];
    return value === null || value === undefined ? '' : String(value);
  });
}

export function createI18n(lang: Language, messages: Messages): I18n {
  let store = messages;
  const plural = new Intl.PluralRules(lang);
  const lookup = (key: string): string | undefined => {
    let node: unknown = store;
    for (const part of key.split('.')) {
      if (!isObject(node)) return undefined;
      node = node[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  const t: TFunction = (key, options) => {
    let text: string | undefined;
    if (typeof options?.count === 'number') {
      text = lookup(`${key}_${plural.select(options.count)}`);
    }
    text ??= lookup(key) ?? options?.defaultValue;
    if (text === undefined) return key;
    return options ? interpolate(text, options) : text;
  };
  return {
    language: lang,
    t,
    addMessages(more) {
      store = mergeMessages(store, more);
    },
  };
}

/** The module path of a language's messages, for a modulepreload of its chunk. */
export function messagesModuleId(lang: Language): string {
  return `src/web/i18n/locales/${lang}.json`;
}
