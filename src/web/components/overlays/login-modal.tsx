import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { checkLogin, type FieldError } from '../../../contracts/auth.rules.ts';
import { LANGUAGE_COOKIE } from '../../../contracts/constants.ts';
import { isApiError, postForm } from '../../api/client.ts';
import { errorText } from '../../lib/errors.ts';
import styles from './login-modal.module.css';
import { Modal } from './modal.tsx';

// The Login modal (SPEC.md §2 "Modals", §4 Auth, §5 Login): username and password, the
// rules of SPEC.md §5 checked before the call, the server's errors shown per field. A
// success clears the stored language value and reloads, so every page part sees the member.

export default function LoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  const fieldError = (field: string) => errors.find((error) => error.field === field);
  const formError = errors.find((error) => error.field !== 'usr' && error.field !== 'pwd');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const usr = String(form.get('usr') ?? '');
    const pwd = String(form.get('pwd') ?? '');
    const local = checkLogin(usr, pwd);
    setErrors(local);
    if (local.length > 0) return;
    setBusy(true);
    try {
      await postForm('/api/login.php', { usr: usr.trim(), pwd });
      localStorage.removeItem(LANGUAGE_COOKIE);
      window.location.reload();
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.codes.length > 0) {
        setErrors(error.codes.map(({ field, code }) => ({ field: field || 'form', code })));
      } else {
        setErrors([{ field: 'form', code: isApiError(error) ? error.code : 'general_error' }]);
      }
    }
  }

  const describe = (field: string) => (fieldError(field) ? `${id}-${field}-error` : undefined);

  return (
    <Modal title={t('login.title')} onClose={onClose}>
      <p className={styles.perks}>{t('login.perks')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        {(['usr', 'pwd'] as const).map((field) => (
          <label key={field} className={styles.field}>
            <span>{t(field === 'usr' ? 'login.username' : 'login.password')}</span>
            <input
              name={field}
              type={field === 'usr' ? 'text' : 'password'}
              autoComplete={field === 'usr' ? 'username' : 'current-password'}
              required
              aria-invalid={fieldError(field) ? true : undefined}
              aria-describedby={describe(field)}
            />
            {fieldError(field) ? (
              <span id={`${id}-${field}-error`} className={styles.error}>
                {errorText(t, fieldError(field)?.code ?? 'general_error')}
              </span>
            ) : null}
          </label>
        ))}
        {formError ? (
          <p role="alert" className={styles.error}>
            {errorText(t, formError.code)}
          </p>
        ) : null}
        <button type="submit" className={styles.submit} disabled={busy}>
          {t('login.submit')}
        </button>
      </form>
      <p className={styles.links}>
        <Link to="/restore-password/">{t('login.forgot')}</Link>
        <span>
          {t('login.noAccount')} <Link to="/signup/">{t('login.signup')}</Link>
        </span>
      </p>
    </Modal>
  );
}
