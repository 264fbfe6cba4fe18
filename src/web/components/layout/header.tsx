import { Link } from 'react-router';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useHideOnScroll } from '../../hooks/use-hide-on-scroll.ts';
import { preloadable } from '../../lib/preloadable.tsx';
import { AdsPlace } from '../ads/ads-place.tsx';
import styles from './header.module.css';
import { LanguagePicker } from './language-picker.tsx';
import { LoginLink } from './login-link.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { NetworkMenu } from './network-menu.tsx';
import { SearchBox } from './search-box.tsx';
import { SectionSwitch } from './section-switch.tsx';

// A member's header parts are their own chunk: visitors, most of the audience, never load
// them (the listing's first-paint budget, issue 4). A member's page loads them before it is
// rendered (entry-server.tsx) and before it hydrates (entry-client.tsx), so they render in
// place without a Suspense boundary: React would stream a boundary's content of more than
// 500 bytes after the rest and reveal it late, moving the header (layout shift).
const memberLinks = preloadable(() => import('./member-links.tsx').then((m) => m.MemberLinks));
const userMenu = preloadable(() => import('./user-menu.tsx').then((m) => m.UserMenu));
const MemberLinks = memberLinks.Component;
const UserMenu = userMenu.Component;

/** Loads the member's header parts (before rendering or hydrating a member's page). */
export function preloadMemberHeader(): Promise<unknown> {
  return Promise.all([memberLinks.preload(), userMenu.preload()]);
}

/**
 * Their chunks' manifest keys: a member's page links their stylesheets in its head, or the
 * header would move when they arrived (layout shift).
 */
export const MEMBER_HEADER_MODULES = [
  'src/web/components/layout/member-links.tsx',
  'src/web/components/layout/user-menu.tsx',
];

export function Header() {
  const { site, user } = useGlobals();
  const hidden = useHideOnScroll();
  return (
    <header
      className={`${styles.header} ${hidden ? styles.hidden : ''} ${user ? styles.member : ''}`}
    >
      <div className={styles.inner}>
        <MobileMenu />
        <Link to="/" className={styles.brand} aria-label={site.name}>
          <span className={styles.name}>{site.name}</span>
        </Link>
        <SearchBox />
        <SectionSwitch place="header" />
        <AdsPlace place="button" />
        <NetworkMenu />
        {user ? <MemberLinks user={user} /> : null}
        <LanguagePicker place="header" />
        {user ? <UserMenu user={user} /> : <LoginLink className={styles.login} />}
      </div>
    </header>
  );
}
