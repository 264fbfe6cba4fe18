import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { OwnProfile } from '../../../contracts/profile.schema.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { PageUser } from '../../ssr-types.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import { AccountData } from './account-data.tsx';
import { EmailForm } from './email-form.tsx';
import { PasswordForm } from './password-form.tsx';
import { PictureField } from './picture-field.tsx';
import { fetchOwnProfile, OWN_PROFILE_KEY, refreshMemberPages } from './profile-calls.ts';
import styles from './profile-edit.module.css';
import { ProfileForm } from './profile-form.tsx';

// The body of the /edit/ screen (SPEC.md §2, §6 "profile edit, avatar and cover upload"):
// pictures, profile fields and password, each saved on its own with a success toast
// (SPEC.md §8 "profile changed", "password changed"). The own profile is read in the
// browser by POST (SPEC.md §6), so the server renders the frame and a loading line.

/**
 * The header shows the member from the page constants. After an avatar change the new URL
 * goes there and the routes render again, so the header shows it without a page load
 * (the server's next page has it too: the session cache was told).
 */
function showAvatarInHeader(user: PageUser, profile: OwnProfile): boolean {
  const avatar = profile.has_avatar === '1' ? profile.avatar : '';
  if (user.avatar === avatar) return false;
  user.avatar = avatar;
  return true;
}

export function ProfileEditor({ user }: { user: PageUser }) {
  const { t } = useTranslation();
  const overlays = useOverlays();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const id = useId();
  const key = [...OWN_PROFILE_KEY, user.id] as const;
  const query = useQuery({ queryKey: key, queryFn: fetchOwnProfile, staleTime: 0, retry: false });

  function changed(profile: OwnProfile, message: string) {
    queryClient.setQueryData(key, profile);
    overlays.toast('success', message);
    void refreshMemberPages(queryClient, user.id);
    if (showAvatarInHeader(user, profile)) void revalidator.revalidate();
  }

  if (query.isPending) {
    return (
      <p role="status" className={`${styles.intro} ${styles.loading}`}>
        {t('common.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className={styles.intro}>
        <p>{t('edit.loadFailed')}</p>
        <button type="button" className={styles.cancel} onClick={() => void query.refetch()}>
          {t('errors.retry')}
        </button>
      </div>
    );
  }
  const profile = query.data;
  return (
    <>
      <p className={styles.intro}>
        {t('edit.account', { username: profile.username, email: profile.email })}{' '}
        <Link to={`/members/${user.id}/info/`}>{t('edit.viewProfile')}</Link>
      </p>
      <section className={styles.card} aria-labelledby={`${id}-photos`}>
        <h2 id={`${id}-photos`} className={styles.heading}>
          {t('edit.photos')}
        </h2>
        <div className={styles.pictures}>
          <PictureField kind="avatar" profile={profile} onChanged={changed} />
          <PictureField kind="cover" profile={profile} onChanged={changed} />
        </div>
      </section>
      <section className={styles.card} aria-labelledby={`${id}-about`}>
        <h2 id={`${id}-about`} className={styles.heading}>
          {t('edit.about')}
        </h2>
        <ProfileForm
          profile={profile}
          onSaved={(saved) => changed(saved, t('notify.profile_changed'))}
        />
      </section>
      <section className={styles.card} aria-labelledby={`${id}-email`}>
        <h2 id={`${id}-email`} className={styles.heading}>
          {t('edit.email')}
        </h2>
        <EmailForm
          profile={profile}
          onChanged={(saved, message) => {
            // Nothing public changes with the address: only this screen's copy.
            queryClient.setQueryData(key, saved);
            if (message) overlays.toast('success', message);
          }}
        />
      </section>
      <section className={styles.card} aria-labelledby={`${id}-password`}>
        <h2 id={`${id}-password`} className={styles.heading}>
          {t('edit.password')}
        </h2>
        <PasswordForm
          username={profile.username}
          onChanged={() => overlays.toast('success', t('notify.password_changed'))}
        />
      </section>
      <section className={styles.card} aria-labelledby={`${id}-data`}>
        <h2 id={`${id}-data`} className={styles.heading}>
          {t('edit.dataTitle')}
        </h2>
        <AccountData profile={profile} />
      </section>
    </>
  );
}
