import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkSignup, SIGNUP_RULES } from '../../../contracts/auth.rules.ts';
import { postForm } from '../../api/client.ts';
import styles from './auth.module.css';
import { Notice } from './auth-page.tsx';
import { FormAlert, FormField } from './form-field.tsx';
import { GoogleLink } from './google-link.tsx';
import { formValue, useAuthForm } from './use-auth-form.ts';

// Sign-up (SPEC.md §5 "Signup messages"): username, email and password, checked by the
// shared rules before the call. The account opens through the link of a confirmation mail,
// so a success says where that mail went instead of signing in.

const FIELDS = ['username', 'email', 'pwd'] as const;

export function SignupForm() {
  const { t } = useTranslation();
  const form = useAuthForm(FIELDS);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      username: formValue(event.currentTarget, 'username'),
      email: formValue(event.currentTarget, 'email'),
      pwd: formValue(event.currentTarget, 'pwd'),
    };
    await form.run(checkSignup(input), async () => {
      const email = input.email.trim();
      await postForm('/api/signup.php', { username: input.username.trim(), email, pwd: input.pwd });
      setSentTo(email);
    });
  }

  if (sentTo !== null) return <Notice focus>{t('signup.sent', { email: sentTo })}</Notice>;
  return (
    <>
      <form ref={form.formRef} className={styles.form} onSubmit={submit} noValidate>
        <FormField
          formId={form.id}
          name="username"
          label={t('login.username')}
          error={form.fieldError('username')}
          hint={t('signup.usernameHint', {
            min: SIGNUP_RULES.usernameMin,
            max: SIGNUP_RULES.usernameMax,
          })}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
        />
        <FormField
          formId={form.id}
          name="email"
          label={t('signup.email')}
          error={form.fieldError('email')}
          type="email"
          autoComplete="email"
          required
        />
        <FormField
          formId={form.id}
          name="pwd"
          label={t('login.password')}
          error={form.fieldError('pwd')}
          hint={t('signup.passwordHint', { length: SIGNUP_RULES.passwordMin })}
          type="password"
          autoComplete="new-password"
          minLength={SIGNUP_RULES.passwordMin}
          required
        />
        <FormAlert error={form.formError} />
        <button type="submit" className={styles.submit} disabled={form.busy}>
          {t('signup.submit')}
        </button>
      </form>
      <GoogleLink purpose="signUp" />
    </>
  );
}
