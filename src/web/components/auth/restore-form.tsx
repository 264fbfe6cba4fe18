import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { checkEmail, checkNewPassword, SIGNUP_RULES } from '../../../contracts/auth.rules.ts';
import { postForm } from '../../api/client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { enterAsMember } from '../../lib/session.ts';
import styles from './auth.module.css';
import { Notice } from './auth-page.tsx';
import { FormAlert, FormField } from './form-field.tsx';
import { SecondFactorForm, secondFactorChallenge } from './second-factor-form.tsx';
import { formValue, useAuthForm } from './use-auth-form.ts';

// Restoring a password in two steps: the email of the account gets a mail with a link to
// /restore-password/?token=…, and that link opens the new-password form, whose success
// signs the member in; a staff account goes on to the code step of its sign-in first
// (decision 0038), and starting over from there leads to the sign-in screen.

const EMAIL_FIELDS = ['email'] as const;
const PASSWORD_FIELDS = ['pwd'] as const;

export function RestoreForm() {
  const { t } = useTranslation();
  const form = useAuthForm(EMAIL_FIELDS);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = formValue(event.currentTarget, 'email').trim();
    await form.run(checkEmail(email), async () => {
      await postForm('/api/restore.php', { email });
      setSentTo(email);
    });
  }

  if (sentTo !== null) return <Notice focus>{t('restore.sent', { email: sentTo })}</Notice>;
  return (
    <>
      <p className={styles.intro}>{t('restore.intro')}</p>
      <form ref={form.formRef} className={styles.form} onSubmit={submit} noValidate>
        <FormField
          formId={form.id}
          name="email"
          label={t('signup.email')}
          error={form.fieldError('email')}
          type="email"
          autoComplete="email"
          required
        />
        <FormAlert error={form.formError} />
        <button type="submit" className={styles.submit} disabled={form.busy}>
          {t('restore.submit')}
        </button>
      </form>
    </>
  );
}

export function NewPasswordForm({ token }: { token: string }) {
  /** A staff account's challenge: its password is set, the code step shows. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const navigate = useNavigate();
  if (challenge !== null) {
    return (
      <SecondFactorForm
        challenge={challenge}
        onSignedIn={() => enterAsMember('/')}
        onRestart={() => navigate('/signin/')}
      />
    );
  }
  return <PasswordStep token={token} onChallenge={setChallenge} />;
}

function PasswordStep({
  token,
  onChallenge,
}: {
  token: string;
  onChallenge: (challenge: string) => void;
}) {
  const { t } = useTranslation();
  const form = useAuthForm(PASSWORD_FIELDS);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pwd = formValue(event.currentTarget, 'pwd');
    await form.run(checkNewPassword(pwd), async () => {
      try {
        await postForm('/api/restore.php', { token, pwd });
      } catch (error) {
        const challenge = secondFactorChallenge(error);
        if (challenge === undefined) throw error;
        onChallenge(challenge);
        return;
      }
      // The member is signed in now: the server renders the main page for them.
      enterAsMember('/');
    });
  }

  return (
    <>
      <p className={styles.intro}>{t('restore.newIntro')}</p>
      <form ref={form.formRef} className={styles.form} onSubmit={submit} noValidate>
        <FormField
          formId={form.id}
          name="pwd"
          label={t('restore.newPassword')}
          error={form.fieldError('pwd')}
          hint={t('signup.passwordHint', { length: SIGNUP_RULES.passwordMin })}
          type="password"
          autoComplete="new-password"
          minLength={SIGNUP_RULES.passwordMin}
          required
        />
        <FormAlert error={form.formError} />
        {form.formError?.code === 'link_expired' ? (
          <p className={styles.links}>
            <Link to="/restore-password/">{t('restore.requestNew')}</Link>
          </p>
        ) : null}
        <button type="submit" className={styles.submit} disabled={form.busy}>
          {t('restore.save')}
        </button>
      </form>
    </>
  );
}
