import { Link } from 'react-router';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useHideOnScroll } from '../../hooks/use-hide-on-scroll.ts';
import { Logo } from '../logo.tsx';
import styles from './header.module.css';
import { LanguagePicker } from './language-picker.tsx';
import { LoginLink } from './login-link.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { NetworkMenu } from './network-menu.tsx';
import { SearchBox } from './search-box.tsx';

export function Header() {
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
        <NetworkMenu />
        <LanguagePicker place="header" />
        <LoginLink className={styles.login} />
      </div>
    </header>
  );
}
