import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PageUser } from '../../ssr-types.ts';
import { ClockIcon, HistoryIcon } from '../icons.tsx';
import styles from './account.module.css';

// The header's history count and watch-later button (SPEC.md §2 "Layout", members only).

export const HISTORY_PATH = '/videos/history/1/';

export function watchLaterPath(user: PageUser): string {
  return `/watch_later_videos/${user.id}/1/`;
}

export function MemberLinks({ user }: { user: PageUser }) {
  const { t } = useTranslation();
  return (
    <div className={styles.links}>
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
