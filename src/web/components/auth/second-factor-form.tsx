import { type FormEvent, useEffect, useState } from 'react';
import { isApiError, postForm } from '../../api/client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './auth.module.css';
import { FormAlert, FormField } from './form-field.tsx';
import { formValue, useAuthForm } from './use-auth-form.ts';

// The code step of a staff sign-in (decision 0038): the password was right and the server
// answered `second_factor_required` with a challenge; one field takes the authenticator's
// six digits or, switched, a recovery code. Wrong codes and the throttle come back as the
// server's codes, shown like every other form error.

const FIELDS = ['otp'] as const;

/** The challenge when an answer asks for the code step (`second_factor_required`). */
export function secondFactorChallenge(error: unknown): string | undefined {
  if (!isApiError(error) || error.code !== 'second_factor_required') return undefined;
  const challenge = error.info?.challenge;
  return typeof challenge === 'string' ? challenge : undefined;
}

interface StepProps {
  challenge: string;
  onSignedIn: () => void;
  /** Back to the password step (another account, or a challenge that expired). */
  onRestart: () => void;
}

export function SecondFactorForm(props: StepProps) {
  const [recovery, setRecovery] = useState(false);
  // A new form per kind of code: the other kind's error and text do not carry over.
  return (
    <CodeStep
      key={recovery ? 'recovery' : 'totp'}
      {...props}
      recovery={recovery}
      onSwitch={() => setRecovery(!recovery)}
    />
  );
}

function CodeStep({
  challenge,
  onSignedIn,
  onRestart,
  recovery,
  onSwitch,
}: StepProps & { recovery: boolean; onSwitch: () => void }) {
  const { t } = useTranslation();
  const form = useAuthForm(FIELDS);
  const { formRef } = form;

  // The field appears in place of the password: the cursor goes where the code is typed.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input[name="otp"]')?.focus();
  }, [formRef]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const otp = formValue(event.currentTarget, 'otp').trim();
    await form.run(otp === '' ? [{ field: 'otp', code: 'required' }] : [], async () => {
      await postForm('/api/login.php', { challenge, otp });
      onSignedIn();
    });
  }

  return (
    <form ref={form.formRef} className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.intro}>{t(recovery ? 'login.recoveryIntro' : 'login.codeIntro')}</p>
      {recovery ? (
        <FormField
          formId={form.id}
          name="otp"
          label={t('login.recoveryCode')}
          error={form.fieldError('otp')}
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={20}
          required
        />
      ) : (
        <FormField
          formId={form.id}
          name="otp"
          label={t('login.code')}
          error={form.fieldError('otp')}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
        />
      )}
      <FormAlert error={form.formError} />
      <button type="submit" className={styles.submit} disabled={form.busy}>
        {t('login.verify')}
      </button>
      <p className={styles.links}>
        <button type="button" className={styles.linkButton} onClick={onSwitch}>
          {t(recovery ? 'login.useApp' : 'login.useRecovery')}
        </button>
        <button type="button" className={styles.linkButton} onClick={onRestart}>
          {t('login.restart')}
        </button>
      </p>
    </form>
  );
}
