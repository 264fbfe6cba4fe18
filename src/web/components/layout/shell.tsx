import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import '../../styles/global.css';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import styles from './shell.module.css';

/** The layout around every screen (SPEC.md §2 "Layout"). */
export function Shell({ children }: { children?: React.ReactNode }) {
  const { t } = useTranslation();
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
    </>
  );
}
