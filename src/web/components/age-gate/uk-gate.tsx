import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApiError, isApiError, parseApiResponse } from '../../api/client.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { LEAVE_URL } from '../../lib/age-gate.ts';
import { errorText } from '../../lib/errors.ts';
import styles from './age-gate.module.css';
import { useGateFocus } from './use-gate-focus.ts';

// The UK age gate (SPEC.md §4): a visitor is sent to sign in or sign up; a member sends one
// photo (POST multipart /api/age_verification.php) and the gate lifts when it passes.

/** SPEC.md §4 / decision 0018: a photo of at most 10 MB, JPEG, PNG or WebP. */
const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp';

async function sendPhoto(file: File, csrf: string): Promise<void> {
  const form = new FormData();
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/age_verification.php', {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'x-csrf-token': csrf,
      },
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, { error: 'Network error', code: 'general_error' });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  parseApiResponse(response.status, body);
}

function PhotoForm({ onVerified }: { onVerified: () => void }) {
  const { t } = useTranslation();
  const { csrf } = useGlobals();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('file');
    if (!(file instanceof File) || file.size === 0) {
      setError(errorText(t, 'required'));
      return;
    }
    if (file.size > MAX_BYTES) {
      setError(errorText(t, 'file_too_large'));
      return;
    }
    setError('');
    setBusy(true);
    try {
      await sendPhoto(file, csrf);
      onVerified();
    } catch (failure) {
      setError(errorText(t, isApiError(failure) ? failure.code : 'general_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} aria-busy={busy}>
      <label htmlFor="age-gate-photo" className={styles.label}>
        {t('ageGate.uk.photo')}
      </label>
      <input
        id="age-gate-photo"
        className={styles.file}
        type="file"
        name="file"
        accept={ACCEPT}
        aria-describedby="age-gate-photo-hint"
        aria-invalid={error ? true : undefined}
        disabled={busy}
        required
      />
      <p id="age-gate-photo-hint" className={styles.hint}>
        {t('ageGate.uk.hint')}
      </p>
      <div role="status" aria-live="polite">
        {busy ? <p className={styles.status}>{t('ageGate.uk.processing')}</p> : null}
      </div>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={busy}>
        {t('ageGate.uk.submit')}
      </button>
    </form>
  );
}

export function UkGate({ onVerified }: { onVerified: () => void }) {
  const { t } = useTranslation();
  const { user } = useGlobals();
  const location = useLocation();
  const dialog = useRef<HTMLDivElement>(null);
  const onKeyDown = useGateFocus(dialog);
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <div className={styles.backdrop} data-nosnippet="">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-text"
        className={styles.dialog}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-age-gate="uk"
      >
        <span className={styles.badge} aria-hidden="true">
          18+
        </span>
        <h2 id="age-gate-title" className={styles.title}>
          {t('ageGate.uk.title')}
        </h2>
        <p id="age-gate-text" className={styles.text}>
          {t('ageGate.uk.text')} {user ? t('ageGate.uk.memberText') : t('ageGate.uk.visitorText')}
        </p>
        {user ? (
          <PhotoForm onVerified={onVerified} />
        ) : (
          <div className={`${styles.row} ${styles.form}`}>
            <Link className={styles.primary} to={`/signin/?back=${back}`}>
              {t('ageGate.uk.signin')}
            </Link>
            <Link className={styles.secondary} to="/signup/">
              {t('ageGate.uk.signup')}
            </Link>
          </div>
        )}
        <div className={styles.actions}>
          <a className={styles.secondary} href={LEAVE_URL} rel="noopener noreferrer">
            {t('ageGate.uk.leave')}
          </a>
        </div>
      </div>
    </div>
  );
}
