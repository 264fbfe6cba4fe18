import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { checkLogin } from '../../../contracts/auth.rules.ts';
import { postForm } from '../../api/client.ts';
import styles from './auth.module.css';
import { FormAlert, FormField } from './form-field.tsx';
import { GoogleLink } from './google-link.tsx';
import { formValue, useAuthForm } from './use-auth-form.ts';

// The sign-in form (SPEC.md §4 Auth, §5 Login) of the Login modal and the /signin/ screen:
// username (or email) and password, the rules checked before the call, the server's errors
// shown per field. What happens on success is the caller's: both load a page again.

const FIELDS = ['usr', 'pwd'] as const;

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const form = useAuthForm(FIELDS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const usr = formValue(event.currentTarget, 'usr');
    const pwd = formValue(event.currentTarget, 'pwd');
    await form.run(checkLogin(usr, pwd), async () => {
      await postForm('/api/login.php', { usr: usr.trim(), pwd });
      onSignedIn();
    });
  }

  return (
    <>
      <form ref={form.formRef} className={styles.form} onSubmit={submit} noValidate>
        <FormField
          formId={form.id}
          name="usr"
          label={t('login.username')}
          error={form.fieldError('usr')}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <FormField
          formId={form.id}
          name="pwd"
          label={t('login.password')}
          error={form.fieldError('pwd')}
          type="password"
          autoComplete="current-password"
          required
        />
        <FormAlert error={form.formError} />
        <button type="submit" className={styles.submit} disabled={form.busy}>
          {t('login.submit')}
        </button>
      </form>
      <GoogleLink />
      <p className={styles.links}>
        <Link to="/restore-password/">{t('login.forgot')}</Link>
        <span>
          {t('login.noAccount')} <Link to="/signup/">{t('login.signup')}</Link>
        </span>
      </p>
    </>
  );
}
