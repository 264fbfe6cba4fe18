import { useTranslation } from '../../i18n/use-translation.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import styles from './comment-form.module.css';

/** SPEC.md §5 Comment: a visitor is asked to log in instead of the comment form. */
export function CommentLoginPrompt() {
  const { t } = useTranslation();
  const { openModal } = useOverlays();
  return (
    <p className={styles.prompt}>
      {t('video.commentLogin')}{' '}
      <button type="button" className={styles.linkButton} onClick={() => openModal('login')}>
        {t('login.title')}
      </button>
    </p>
  );
}
