import { lazy, Suspense } from 'react';
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

// A member's header parts are their own chunk: visitors, most of the audience, never load
// them (the listing's first-paint budget, issue 4).
const MemberLinks = lazy(() =>
  import('./member-links.tsx').then((m) => ({ default: m.MemberLinks })),
);
const UserMenu = lazy(() => import('./user-menu.tsx').then((m) => ({ default: m.UserMenu })));

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
        {user ? (
          <Suspense fallback={null}>
            <MemberLinks user={user} />
          </Suspense>
        ) : null}
        <LanguagePicker place="header" />
        {user ? (
          <Suspense fallback={null}>
            <UserMenu user={user} />
          </Suspense>
        ) : (
          <LoginLink className={styles.login} />
        )}
      </div>
    </header>
  );
}
