import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './cookie-notice.module.css';

// The cookie notice (SPEC.md §2 "Layout"): links to the cookies policy and has an Ok
// button; once acknowledged it stays away (the flag lives in the browser, §3).

const FLAG = 'cookie_notice';

export function CookieNotice() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    // After hydration only: the server cannot know the browser's flag.
    try {
      setShown(window.localStorage.getItem(FLAG) !== '1');
    } catch {
      setShown(true);
    }
  }, []);

  if (!shown) return null;
  return (
    <section className={styles.notice} aria-label={t('cookies.label')}>
      <p>
        {t('cookies.text')} <Link to="/information/cookies_policy/">{t('cookies.policy')}</Link>
      </p>
      <button
        type="button"
        onClick={() => {
          try {
            window.localStorage.setItem(FLAG, '1');
          } catch {
            // Storage disabled: the notice simply returns on the next visit.
          }
          setShown(false);
        }}
      >
        {t('cookies.ok')}
      </button>
    </section>
  );
}
