import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { checkLogin, type FieldError } from '../../../contracts/auth.rules.ts';
import { CAPTCHA_FIELD } from '../../../contracts/captcha.ts';
import { postForm } from '../../api/client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { failureErrors } from '../../lib/form-errors.ts';
import { CaptchaField } from '../captcha/captcha-field.tsx';
import styles from './auth.module.css';
import { FormAlert, FormField } from './form-field.tsx';
import { GoogleLink } from './google-link.tsx';
import { SecondFactorForm, secondFactorChallenge } from './second-factor-form.tsx';
import { formValue, useAuthForm } from './use-auth-form.ts';

// The sign-in form (SPEC.md §4 Auth, §5 Login) of the Login modal and the /signin/ screen:
// username (or email) and password, the rules checked before the call, the server's errors
// shown per field. When the server asks for a captcha (an account that had wrong passwords,
// decision 0023), the check appears above the button; when it asks a staff account for its
// second factor (decision 0038), the code step takes the form's place, and with it the
// members' perks above the form (staff are not being sold an account). What happens on
// success is the caller's: both load a page again.

const FIELDS = ['usr', 'pwd', CAPTCHA_FIELD] as const;

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  /** The challenge of a staff account's password step: the code step shows while it is set. */
  const [challenge, setChallenge] = useState<string | null>(null);
  if (challenge !== null) {
    return (
      <SecondFactorForm
        challenge={challenge}
        onSignedIn={onSignedIn}
        onRestart={() => setChallenge(null)}
      />
    );
  }
  return <PasswordStep onSignedIn={onSignedIn} onChallenge={setChallenge} />;
}

function PasswordStep({
  onSignedIn,
  onChallenge,
}: {
  onSignedIn: () => void;
  onChallenge: (challenge: string) => void;
}) {
  const { t } = useTranslation();
  const form = useAuthForm(FIELDS);
  /** Whether the server asked for a captcha, and the widget's round (a proof works once). */
  const [captcha, setCaptcha] = useState({ asked: false, round: 0 });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const usr = formValue(event.currentTarget, 'usr');
    const pwd = formValue(event.currentTarget, 'pwd');
    const proof = formValue(event.currentTarget, CAPTCHA_FIELD);
    const local: FieldError[] = checkLogin(usr, pwd);
    if (local.length === 0 && captcha.asked && proof === '') {
      local.push({ field: CAPTCHA_FIELD, code: 'captcha_required' });
    }
    await form.run(local, async () => {
      try {
        await postForm('/api/login.php', {
          usr: usr.trim(),
          pwd,
          ...(proof ? { [CAPTCHA_FIELD]: proof } : {}),
        });
      } catch (error) {
        const challenge = secondFactorChallenge(error);
        if (challenge !== undefined) {
          onChallenge(challenge);
          return;
        }
        if (failureErrors(error).some((failure) => failure.field === CAPTCHA_FIELD)) {
          setCaptcha((was) => ({ asked: true, round: was.round + 1 }));
        }
        throw error;
      }
      onSignedIn();
    });
  }

  return (
    <>
      <p className={styles.intro}>{t('login.perks')}</p>
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
        {captcha.asked ? (
          <CaptchaField key={captcha.round} action="login" error={form.fieldError(CAPTCHA_FIELD)} />
        ) : null}
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
