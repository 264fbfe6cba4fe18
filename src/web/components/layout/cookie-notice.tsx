import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { COOKIE_NOTICE_COOKIE } from '../../../contracts/constants.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './cookie-notice.module.css';

// The cookie notice (SPEC.md §2 "Layout"): links to the cookies policy and has an Ok
// button; once acknowledged it stays away. The flag lives in the browser (SPEC.md §3) and
// in a cookie, so the server renders the notice with the page (no late pop-in) or not at all.

const YEAR_SECONDS = 365 * 24 * 3600;

function remember() {
  // biome-ignore lint/suspicious/noDocumentCookie: one fixed value; the Cookie Store API is missing in older Safari and Firefox
  document.cookie = `${COOKIE_NOTICE_COOKIE}=1; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax`;
  try {
    window.localStorage.setItem(COOKIE_NOTICE_COOKIE, '1');
  } catch {
    // Storage disabled: the cookie alone remembers.
  }
}

export function CookieNotice() {
  const { t } = useTranslation();
  const { cookieNotice } = useGlobals();
  const [shown, setShown] = useState(cookieNotice);
  const notice = useRef<HTMLElement>(null);

  useEffect(() => {
    // Acknowledged before the cookie existed: carry the browser's flag over.
    try {
      if (cookieNotice && window.localStorage.getItem(COOKIE_NOTICE_COOKIE) === '1') {
        remember();
        setShown(false);
      }
    } catch {
      // Storage disabled: keep what the server decided.
    }
  }, [cookieNotice]);

  useEffect(() => {
    // The room the page keeps for the notice (its stylesheet) is its real height.
    const element = notice.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--cookie-notice-h', `${element.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-notice-h');
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <section ref={notice} className={styles.notice} aria-label={t('cookies.label')}>
      <p>
        {t('cookies.text')} <Link to="/information/cookies_policy/">{t('cookies.policy')}</Link>
      </p>
      <button
        type="button"
        onClick={() => {
          remember();
          setShown(false);
        }}
      >
        {t('cookies.ok')}
      </button>
    </section>
  );
}
