import { useTranslation } from 'react-i18next';
import { PageMeta } from '../components/page-meta.tsx';
import styles from '../components/profile-edit/profile-edit.module.css';
import { ProfileEditor } from '../components/profile-edit/profile-editor.tsx';
import { useGlobals } from '../hooks/use-globals.ts';
import { membersOnlyLoader } from '../lib/guards.ts';

// The profile edit screen (SPEC.md §2 /edit/, members only: SPEC.md §4 sends a visitor
// to /): avatar and cover, the profile fields of §3 User, and the password.

export const loader = membersOnlyLoader;

export function Component() {
  const { t } = useTranslation();
  // The page constants' member (not a copy from the loader): the header shows this one.
  const { user } = useGlobals();
  return (
    <div className={styles.page}>
      <PageMeta title={t('edit.title')} description={t('edit.description')} noindex />
      <h1 className={styles.title}>{t('edit.title')}</h1>
      {user ? <ProfileEditor user={user} /> : null}
    </div>
  );
}
