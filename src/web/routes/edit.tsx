import { useSearchParams } from 'react-router';
import { PageMeta } from '../components/page-meta.tsx';
import styles from '../components/profile-edit/profile-edit.module.css';
import { ProfileEditor } from '../components/profile-edit/profile-editor.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { membersOnlyLoader } from '../lib/guards.ts';

// The profile edit screen (SPEC.md §2 /edit/, members only: SPEC.md §4 sends a visitor
// to /): avatar and cover, the profile fields of §3 User, the email address and the
// password. The link mailed to a new address lands here with `?email=changed` (or
// `expired`, `occupied`: decision 0034).

const EMAIL_OUTCOMES = {
  changed: 'edit.emailChanged',
  expired: 'edit.emailLinkExpired',
  occupied: 'edit.emailTaken',
} as const;

export const loader = membersOnlyLoader;

export function Component() {
  const { t } = useTranslation();
  // The page constants' member (not a copy from the loader): the header shows this one.
  const { user } = useGlobals();
  const [params] = useSearchParams();
  const outcome = params.get('email');
  const notice =
    outcome !== null && Object.hasOwn(EMAIL_OUTCOMES, outcome)
      ? EMAIL_OUTCOMES[outcome as keyof typeof EMAIL_OUTCOMES]
      : undefined;
  return (
    <div className={styles.page}>
      <PageMeta title={t('edit.title')} description={t('edit.description')} noindex />
      <h1 className={styles.title}>{t('edit.title')}</h1>
      {notice ? (
        <p
          role="status"
          className={
            outcome === 'changed' ? styles.notice : `${styles.notice} ${styles.noticeError}`
          }
        >
          {t(notice)}
        </p>
      ) : null}
      {user ? <ProfileEditor user={user} /> : null}
    </div>
  );
}
