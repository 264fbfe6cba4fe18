import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useCloseOnNavigate } from '../../hooks/use-close-on-navigate.ts';
import { useDismiss } from '../../hooks/use-dismiss.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { logOut } from '../../lib/session.ts';
import type { PageUser } from '../../ssr-types.ts';
import styles from './account.module.css';
import { accountLinks } from './member-paths.ts';

// The user menu of the header (SPEC.md §2 "Layout"): a disclosure button with the avatar
// and username, opening the member's links, upload and log out. Escape, a press outside,
// focus moving away and every route change close it.

export function UserAvatar({ user }: { user: PageUser }) {
  if (user.avatar) {
    return (
      <img
        className={styles.avatar}
        src={user.avatar}
        alt=""
        width={30}
        height={30}
        decoding="async"
      />
    );
  }
  return (
    <span className={`${styles.avatar} ${styles.initial}`} aria-hidden="true">
      {user.username.charAt(0)}
    </span>
  );
}

export function UserMenu({ user }: { user: PageUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useCloseOnNavigate(close);
  useDismiss(open, root, close, toggle);

  const links = accountLinks(user);
  return (
    <div className={styles.user} ref={root}>
      <button
        ref={toggle}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <UserAvatar user={user} />
        <span className={styles.username}>{user.username}</span>
      </button>
      <nav id={menuId} className={styles.menu} aria-label={t('account.menu')} hidden={!open}>
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              {/* A link to the page already shown changes no route: close here too. */}
              <Link to={link.to} onClick={close}>
                {t(link.label)}
              </Link>
            </li>
          ))}
          <li className={styles.separator}>
            <button type="button" onClick={logOut}>
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
