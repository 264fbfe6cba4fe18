import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import { logOut } from '../../lib/session.ts';
import type { PageUser } from '../../ssr-types.ts';
import { useUnreadMessages } from '../social/unread.ts';
import { accountLinks, HISTORY_PATH, watchLaterPath } from './member-paths.ts';
import styles from './mobile-menu.module.css';
import { UserAvatar } from './user-menu.tsx';

// A member's part of the mobile menu (SPEC.md §2 "Layout"): on a phone the header has no room
// for history, watch later, messages or the user menu's list, so the menu carries them all.

export function MenuAccount({ user }: { user: PageUser }) {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  return (
    <nav aria-label={t('account.menu')}>
      <Link to={`/members/${user.id}/`} className={styles.member}>
        <UserAvatar user={user} />
        <span>{user.username}</span>
      </Link>
      <ul className={styles.links}>
        <li>
          <Link to={HISTORY_PATH}>{t('account.history', { count: user.historyCount })}</Link>
        </li>
        <li>
          <Link to={watchLaterPath(user)}>{t('account.watchLater')}</Link>
        </li>
        <li>
          <Link to="/messages/">
            {unread > 0 ? t('account.unreadMessages', { count: unread }) : t('account.messages')}
          </Link>
        </li>
        {accountLinks(user).map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{t(link.label)}</Link>
          </li>
        ))}
        <li>
          <button type="button" onClick={logOut}>
            {t('nav.logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
