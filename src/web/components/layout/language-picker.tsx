import { useLocation } from 'react-router';
import { LANGUAGES, type Language } from '../../../contracts/constants.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import footerStyles from './footer.module.css';
import headerStyles from './header.module.css';

/** Each language in its own name: what a reader of that language looks for. */
const ENDONYMS: Record<Language, string> = {
  en: 'English',
  ru: 'Русский',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  pl: 'Polski',
  it: 'Italiano',
  pt: 'Português',
  ja: '日本語',
  nl: 'Nederlands',
};

/**
 * The language picker (header and footer, SPEC.md §2 "Layout"): a GET form to /language/, which stores the choice in the app_lang
 * cookie and returns to this page; with JavaScript a change submits it at once.
 */
export function LanguagePicker({ place }: { place: 'header' | 'footer' }) {
  const { t } = useTranslation();
  const { lang } = useGlobals();
  const location = useLocation();
  const styles = place === 'header' ? headerStyles : footerStyles;
  return (
    <form method="get" action="/language/" className={styles.language}>
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      <label>
        <span className={place === 'header' ? 'visually-hidden' : undefined}>
          {t('language.label')}
        </span>
        <select
          name="lang"
          defaultValue={lang}
          onChange={(event) => event.currentTarget.form?.submit()}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {ENDONYMS[code]}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit">{t('filters.apply')}</button>
      </noscript>
    </form>
  );
}
