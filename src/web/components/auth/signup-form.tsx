import { type FormEvent, useState } from 'react';
import { checkSignup, SIGNUP_RULES } from '../../../contracts/auth.rules.ts';
import { CAPTCHA_FIELD } from '../../../contracts/captcha.ts';
import { postForm } from '../../api/client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CaptchaField } from '../captcha/captcha-field.tsx';
import styles from './auth.module.css';
import { Notice } from './auth-page.tsx';
import { FormAlert, FormField } from './form-field.tsx';
import { GoogleLink } from './google-link.tsx';
import { formValue, useAuthForm } from './use-auth-form.ts';

// Sign-up (SPEC.md §5 "Signup messages"): username, email and password, checked by the
// shared rules before the call, and the captcha (decision 0023: a bot pays a proof per
// account, and per question about which names are taken). The account opens through the
// link of a confirmation mail, so a success says where that mail went instead of signing in.

const FIELDS = ['username', 'email', 'pwd', CAPTCHA_FIELD] as const;

export function SignupForm() {
  const { t } = useTranslation();
  const form = useAuthForm(FIELDS);
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** The captcha widget's round: a proof the server saw may be spent, so a new one is due. */
  const [round, setRound] = useState(0);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = {
      username: formValue(event.currentTarget, 'username'),
      email: formValue(event.currentTarget, 'email'),
      pwd: formValue(event.currentTarget, 'pwd'),
    };
    const proof = formValue(event.currentTarget, CAPTCHA_FIELD);
    const local = checkSignup(input);
    if (proof === '') local.push({ field: CAPTCHA_FIELD, code: 'captcha_required' });
    await form.run(local, async () => {
      const email = input.email.trim();
      try {
        await postForm('/api/signup.php', {
          username: input.username.trim(),
          email,
          pwd: input.pwd,
          [CAPTCHA_FIELD]: proof,
        });
      } catch (error) {
        setRound((was) => was + 1);
        throw error;
      }
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
        <CaptchaField key={round} action="signup" error={form.fieldError(CAPTCHA_FIELD)} />
        <FormAlert error={form.formError} />
        <button type="submit" className={styles.submit} disabled={form.busy}>
          {t('signup.submit')}
        </button>
      </form>
      <GoogleLink purpose="signUp" />
    </>
  );
}
