import { type FormEvent, useState } from 'react';
import { SIGNUP_RULES } from '../../../contracts/auth.rules.ts';
import {
  checkEmailChange,
  EMAIL_CHANGE_TTL_HOURS,
  EMAIL_FIELDS,
} from '../../../contracts/profile.rules.ts';
import type { OwnProfile } from '../../../contracts/profile.schema.ts';
import { useEditForm } from '../../hooks/use-edit-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Field, FormAlert } from './edit-form.tsx';
import { cancelEmailChange, requestEmailChange } from './profile-calls.ts';
import styles from './profile-edit.module.css';

// The email change of the /edit/ screen (decision 0034): the new address and the current
// password. A link goes to the new address; the account keeps its address until the link
// is opened, and says so while the change waits. Asking again replaces the waiting change.

export function EmailForm({
  profile,
  onChanged,
}: {
  profile: OwnProfile;
  /** The profile after the call: `pending_email` tells what waits. */
  onChanged: (profile: OwnProfile, message?: string) => void;
}) {
  const { t } = useTranslation();
  const form = useEditForm(EMAIL_FIELDS);
  const [cancelling, setCancelling] = useState(false);
  const [cancelFailed, setCancelFailed] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.busy) return;
    const element = event.currentTarget;
    const data = new FormData(element);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const input = { email: text('email').trim(), pwd: text('pwd') };
    const local = checkEmailChange(input);
    // The address it has already: said here, without a call.
    if (local.length === 0 && input.email.toLowerCase() === profile.email.toLowerCase()) {
      local.push({ field: 'email', code: 'email_occupied' });
    }
    let saved: OwnProfile | undefined;
    const done = await form.run(local, async () => {
      saved = await requestEmailChange(input.email, input.pwd);
    });
    if (done && saved) {
      element.reset();
      onChanged(saved, t('edit.emailSent', { email: saved.pending_email }));
    }
  }

  async function cancel() {
    setCancelling(true);
    setCancelFailed(false);
    try {
      onChanged(await cancelEmailChange());
    } catch {
      setCancelFailed(true);
    } finally {
      setCancelling(false);
    }
  }

  return (
    <>
      <p className={styles.current}>
        {t('edit.emailCurrent')} <strong>{profile.email}</strong>
      </p>
      {profile.pending_email ? (
        <div className={styles.pending} role="status">
          <p>
            {t('edit.emailPending', {
              email: profile.pending_email,
              current: profile.email,
              hours: EMAIL_CHANGE_TTL_HOURS,
            })}
          </p>
          <button
            type="button"
            className={styles.cancel}
            onClick={() => void cancel()}
            disabled={cancelling}
          >
            {t('edit.emailCancel')}
          </button>
          {cancelFailed ? <p className={styles.error}>{t('errors.general_error')}</p> : null}
        </div>
      ) : null}
      <form
        ref={form.formRef}
        className={styles.form}
        onSubmit={submit}
        noValidate
        aria-busy={form.busy}
      >
        <input
          type="text"
          name="username"
          autoComplete="username"
          value={profile.username}
          readOnly
          hidden
        />
        <div className={styles.grid}>
          <Field form={form} name="email" label={t('edit.newEmail')} hint={t('edit.newEmailHint')}>
            {(props) => (
              <input
                {...props}
                type="email"
                inputMode="email"
                autoComplete="email"
                spellCheck={false}
                autoCapitalize="none"
                required
                maxLength={SIGNUP_RULES.emailMax}
                onChange={() => form.clear('email')}
              />
            )}
          </Field>
          <Field form={form} name="pwd" label={t('edit.currentPassword')}>
            {(props) => (
              <input
                {...props}
                type="password"
                autoComplete="current-password"
                required
                onChange={() => form.clear('pwd')}
              />
            )}
          </Field>
        </div>
        <FormAlert error={form.formError} />
        <div className={styles.buttons}>
          <button type="submit" className={styles.submit} disabled={form.busy}>
            {t('edit.changeEmail')}
          </button>
        </div>
      </form>
    </>
  );
}
