import { createContext, useContext } from 'react';
import type { I18n, TFunction } from './i18n.ts';

export const I18nContext = createContext<I18n | null>(null);

/** The page's translator: `t` for its words, `i18n.language` for dates and numbers. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside the app');
  return { t: i18n.t, i18n };
}
