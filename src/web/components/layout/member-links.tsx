import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { PageUser } from '../../ssr-types.ts';
import { ClockIcon, HistoryIcon, MailIcon } from '../icons.tsx';
import { useUnreadMessages } from '../social/unread.ts';
import styles from './account.module.css';
import { HISTORY_PATH, watchLaterPath } from './member-paths.ts';

// The header's history count and watch-later button (SPEC.md §2 "Layout", members only),
// and the messages link with the unread count.

export function MemberLinks({ user }: { user: PageUser }) {
  const { t } = useTranslation();
  const unread = useUnreadMessages();
  const messages =
    unread > 0 ? t('account.unreadMessages', { count: unread }) : t('account.messages');
  return (
    <div className={styles.links}>
      <Link to="/messages/" className={styles.iconLink} aria-label={messages} title={messages}>
        <MailIcon />
        {unread > 0 ? <span className={styles.badge}>{unread > 98 ? '99+' : unread}</span> : null}
      </Link>
      <Link
        to={HISTORY_PATH}
        className={styles.iconLink}
        aria-label={t('account.history', { count: user.historyCount })}
        title={t('account.history', { count: user.historyCount })}
      >
        <HistoryIcon />
        <span>{user.historyCount}</span>
      </Link>
      <Link
        to={watchLaterPath(user)}
        className={styles.iconLink}
        aria-label={t('account.watchLater')}
        title={t('account.watchLater')}
      >
        <ClockIcon />
      </Link>
    </div>
  );
}
