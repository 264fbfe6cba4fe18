import type { FormEvent } from 'react';
import { SIGNUP_RULES } from '../../../contracts/auth.rules.ts';
import { checkPasswordChange, PASSWORD_FIELDS } from '../../../contracts/profile.rules.ts';
import { useEditForm } from '../../hooks/use-edit-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Field, FormAlert } from './edit-form.tsx';
import { changePassword } from './profile-calls.ts';
import styles from './profile-edit.module.css';

// The password change of the /edit/ screen: the current password, then a new one by the
// sign-up rules. The member's other devices are signed out; this one stays.

export function PasswordForm({ username, onChanged }: { username: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const form = useEditForm(PASSWORD_FIELDS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.busy) return;
    const element = event.currentTarget;
    const data = new FormData(element);
    const text = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const input = { pwd: text('pwd'), new_pwd: text('new_pwd') };
    const done = await form.run(checkPasswordChange(input), () =>
      changePassword(input.pwd, input.new_pwd),
    );
    if (done) {
      element.reset();
      onChanged();
    }
  }

  return (
    <form
      ref={form.formRef}
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-busy={form.busy}
    >
      {/* Lets password managers file the new password under the right account. */}
      <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
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
      <Field
        form={form}
        name="new_pwd"
        label={t('edit.newPassword')}
        hint={t('edit.newPasswordHint', { length: SIGNUP_RULES.passwordMin })}
      >
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="new-password"
            required
            maxLength={SIGNUP_RULES.passwordMax}
            onChange={() => form.clear('new_pwd')}
          />
        )}
      </Field>
      <FormAlert error={form.formError} />
      <div className={styles.buttons}>
        <button type="submit" className={styles.submit} disabled={form.busy}>
          {t('edit.changePassword')}
        </button>
      </div>
    </form>
  );
}
