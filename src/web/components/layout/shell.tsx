import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import '../../styles/global.css';
import { CookieNotice } from './cookie-notice.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import styles from './shell.module.css';

/** The layout around every screen (SPEC.md §2 "Layout"). */
export function Shell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    // Marks the page interactive: browser tests wait for this state.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('a11y.skipToContent')}
      </a>
      <Header />
      <main id="main" className={styles.main}>
        {children ?? <Outlet />}
      </main>
      <Footer />
      <CookieNotice />
    </>
  );
}
