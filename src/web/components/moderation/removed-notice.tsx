import { Link } from 'react-router';
import type { Removed } from '../../../contracts/removed.schema.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { PageMeta } from '../page-meta.tsx';
import styles from './removed-notice.module.css';

/**
 * The page of an album or playlist staff took down (decision 0047): what it was, that it was
 * removed and why, in the visitor's language, and the way home. Nothing of its contents.
 */
export function RemovedNotice({
  kind,
  title,
  removed,
}: {
  kind: 'albums' | 'playlists';
  title: string;
  removed: Removed;
}) {
  const { t } = useTranslation();
  const text = t(`${kind}.removed`, {
    reason: t(`moderation.removedReasons.${removed.reason}`),
  });
  return (
    <div className={styles.page} role="status">
      <PageMeta title={title} description={text} noindex />
      <p className={styles.what}>{title}</p>
      <h1 className={styles.text}>{text}</h1>
      <Link to="/" className={styles.home}>
        {t('notFound.home')}
      </Link>
    </div>
  );
}
