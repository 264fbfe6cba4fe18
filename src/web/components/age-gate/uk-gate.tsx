import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { AgeCheckStatus, AgeCheckStatusAnswer } from '../../../contracts/age-check.schema.ts';
import { createFetchClient, isApiError, postMultipart } from '../../api/client.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { type AgeCheckSent, ageCheckSent } from '../../lib/age-check-answer.ts';
import { LEAVE_URL } from '../../lib/age-gate.ts';
import { errorText } from '../../lib/errors.ts';
import styles from './age-gate.module.css';
import { useGateFocus } from './use-gate-focus.ts';

// The UK age gate (SPEC.md §4): a visitor is sent to sign in or sign up; a member sends one
// photo (POST multipart /api/age_verification.php) and the gate lifts when it passes. A
// check a moderator or a verifier decides later (decision 0054) shows "waiting for review"
// and the gate asks for news every few seconds: it lifts by itself on the pass.

/** SPEC.md §4 / decision 0018: a photo of at most 10 MB, JPEG, PNG or WebP. */
const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp';
const AGE_CHECK_PATH = '/api/age_verification.php';
/** How often a pending check is asked about while the gate is open. */
const STATUS_POLL_MS = 5000;
const api = createFetchClient();

async function sendPhoto(file: File): Promise<AgeCheckSent> {
  const form = new FormData();
  form.append('file', file);
  return ageCheckSent(await postMultipart<unknown>(AGE_CHECK_PATH, form));
}

/** Where the member's check stands; `unknown` until the server has said. */
type CheckState = AgeCheckStatus | 'unknown';

/** The member's latest check, asked again every few seconds while it is pending. */
function useCheckState(onVerified: () => void): [CheckState, (state: CheckState) => void] {
  const [state, setState] = useState<CheckState>('unknown');
  const verified = useRef(onVerified);
  verified.current = onVerified;

  useEffect(() => {
    if (state !== 'unknown' && state !== 'pending') return;
    let stopped = false;
    const ask = async () => {
      try {
        const answer = await api.get<AgeCheckStatusAnswer>(AGE_CHECK_PATH);
        if (stopped) return;
        if (answer.state === 'passed') verified.current();
        else if (answer.state !== state) setState(answer.state);
      } catch {
        // Offline for a moment: the next round asks again.
      }
    };
    if (state === 'unknown') {
      void ask();
      return () => {
        stopped = true;
      };
    }
    const timer = setInterval(() => void ask(), STATUS_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [state]);

  return [state, setState];
}

function Waiting() {
  const { t } = useTranslation();
  return (
    <div className={styles.waiting} role="status" data-age-check="pending">
      <span className={styles.clock} aria-hidden="true" />
      <p className={styles.waitingTitle}>{t('ageCheck.pendingTitle')}</p>
      <p className={styles.hint}>{t('ageCheck.pendingText')}</p>
    </div>
  );
}

function PhotoForm({ onVerified }: { onVerified: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [state, setState] = useCheckState(onVerified);

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
      if ((await sendPhoto(file)) === 'passed') onVerified();
      else setState('pending');
    } catch (failure) {
      if (isApiError(failure) && String(failure.info?.reason ?? '').startsWith('verifier_')) {
        setError(t('ageCheck.unavailable'));
      } else {
        setError(errorText(t, isApiError(failure) ? failure.code : 'general_error'));
      }
    } finally {
      setBusy(false);
    }
  };

  if (state === 'pending') return <Waiting />;
  return (
    <form className={styles.form} onSubmit={submit} aria-busy={busy}>
      {state === 'failed' && !error ? (
        <p role="alert" className={styles.error} data-age-check="failed">
          {t('ageCheck.failed')}
        </p>
      ) : null}
      <label htmlFor="age-gate-photo" className={styles.label}>
        {t('ageCheck.photo')}
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
        {t('ageCheck.hint')}
      </p>
      <div role="status" aria-live="polite">
        {busy ? <p className={styles.status}>{t('ageCheck.processing')}</p> : null}
      </div>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={busy}>
        {t('ageCheck.submit')}
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
          {t('ageCheck.title')}
        </h2>
        <p id="age-gate-text" className={styles.text}>
          {t('ageCheck.text')} {user ? t('ageCheck.memberText') : t('ageCheck.visitorText')}
        </p>
        {user ? (
          <PhotoForm onVerified={onVerified} />
        ) : (
          <div className={`${styles.row} ${styles.form}`}>
            <Link className={styles.primary} to={`/signin/?back=${back}`}>
              {t('ageCheck.signin')}
            </Link>
            <Link className={styles.secondary} to="/signup/">
              {t('ageCheck.signup')}
            </Link>
          </div>
        )}
        <div className={styles.actions}>
          <a className={styles.secondary} href={LEAVE_URL} rel="noopener noreferrer">
            {t('ageCheck.leave')}
          </a>
        </div>
      </div>
    </div>
  );
}
