import { Link } from 'react-router';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useHideOnScroll } from '../../hooks/use-hide-on-scroll.ts';
import { Logo } from '../logo.tsx';
import styles from './header.module.css';
import { LanguagePicker } from './language-picker.tsx';
import { LoginLink } from './login-link.tsx';
import { MemberLinks } from './member-links.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { NetworkMenu } from './network-menu.tsx';
import { SearchBox } from './search-box.tsx';
import { UserMenu } from './user-menu.tsx';

export function Header() {
  const { site, user } = useGlobals();
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
        {user ? <MemberLinks user={user} /> : null}
        <LanguagePicker place="header" />
        {user ? <UserMenu user={user} /> : <LoginLink className={styles.login} />}
      </div>
    </header>
  );
}
