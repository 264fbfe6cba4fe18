import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useHideOnScroll } from '../../hooks/use-hide-on-scroll.ts';
import { Logo } from '../logo.tsx';
import styles from './header.module.css';
import { MobileMenu } from './mobile-menu.tsx';
import { SearchBox } from './search-box.tsx';

export function Header() {
  const { t } = useTranslation();
  const { site } = useGlobals();
  const hidden = useHideOnScroll();
  return (
    <header className={hidden ? `${styles.header} ${styles.hidden}` : styles.header}>
      <div className={styles.inner}>
        <MobileMenu />
        <Link to="/" className={styles.brand} aria-label={site.name}>
          <Logo name={site.name} />
          <span className={styles.name}>{site.name}</span>
        </Link>
        <SearchBox />
        <nav className={styles.nav} aria-label={t('a11y.mainNav')}>
          <NavLink to="/videos/">{t('nav.videos')}</NavLink>
          <NavLink to="/categories/">{t('nav.categories')}</NavLink>
          <NavLink to="/models/">{t('nav.models')}</NavLink>
          <NavLink to="/channels/">{t('nav.channels')}</NavLink>
          <NavLink to="/playlists/">{t('nav.playlists')}</NavLink>
          <NavLink to="/community/">{t('nav.community')}</NavLink>
        </nav>
        <Link to="/signin/" className={styles.login}>
          {t('nav.login')}
        </Link>
      </div>
    </header>
  );
}
