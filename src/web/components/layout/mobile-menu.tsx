import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCloseOnNavigate } from '../../hooks/use-close-on-navigate.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { logOut } from '../../lib/session.ts';
import { LoginLink } from './login-link.tsx';
import { HISTORY_PATH, watchLaterPath } from './member-paths.ts';
import styles from './mobile-menu.module.css';
import { NavLinks } from './nav-links.tsx';

// The menu of narrow screens (SPEC.md §2 "Layout"): the site's sections, upload, login (for
// a member: history, watch later and log out) and the network of sister sites. A <details> element, so it opens without JavaScript;
// every route change closes it.

export function MobileMenu() {
  const { t } = useTranslation();
  const { site, user } = useGlobals();
  const menu = useRef<HTMLDetailsElement>(null);
  useCloseOnNavigate(menu);

  return (
    <details className={styles.menu} ref={menu}>
      <summary className={styles.toggle} aria-label={t('a11y.openMenu')}>
        <span aria-hidden="true" className={styles.bars} />
      </summary>
      <nav className={styles.drawer} aria-label={t('a11y.mainNav')}>
        <NavLinks className={styles.links} />
        <ul className={styles.links}>
          {user ? (
            <>
              <li>
                <Link to={HISTORY_PATH}>{t('account.history', { count: user.historyCount })}</Link>
              </li>
              <li>
                <Link to={watchLaterPath(user)}>{t('account.watchLater')}</Link>
              </li>
            </>
          ) : null}
          <li>
            <Link to="/upload-video/">{t('nav.upload')}</Link>
          </li>
          <li>
            {user ? (
              <button type="button" onClick={logOut}>
                {t('nav.logout')}
              </button>
            ) : (
              <LoginLink />
            )}
          </li>
        </ul>
        {site.sisterSites.length > 0 ? (
          <>
            <h2 className={styles.heading}>{t('nav.network')}</h2>
            <ul className={styles.network}>
              {site.sisterSites.map((sister) => (
                <li key={sister.url}>
                  <a href={sister.url} rel="noopener" target="_blank">
                    {sister.name}
                  </a>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </nav>
    </details>
  );
}
