import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './upload.module.css';
import { failureText, type UploadFailure } from './upload-failure.ts';
import { formatBytes, percentOf } from './upload-format.ts';
import type { UploadState } from './use-tus-upload.ts';

// How the upload goes: the file, a progress bar (its value read out on demand, not on every
// step), what is happening in words (announced when it changes) and the controls that fit.
// Why the file stopped or was refused shows here, next to the file it is about: the server's
// message (SPEC.md §8) with a way on: try again when that can help (a lost connection, which
// tus resumes where it stopped), else choose another file.

export function UploadProgress({
  file,
  state,
  lang,
  checking,
  failure,
  onPause,
  onResume,
  onRetry,
  onCancel,
}: {
  file: File;
  state: UploadState;
  lang: string;
  /** The server is looking at the finished file. */
  checking: boolean;
  /** Why the upload or the look at the file failed. */
  failure: UploadFailure | undefined;
  onPause: () => void;
  onResume: () => void;
  onRetry: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const percent = percentOf(state.sent, state.total || file.size);
  const sizes = {
    sent: formatBytes(state.sent, lang),
    total: formatBytes(state.total || file.size, lang),
    percent,
  };
  const status = (() => {
    switch (state.phase) {
      case 'uploading':
        return state.resumed ? t('upload.statusResumed') : t('upload.statusUploading');
      case 'paused':
        return t('upload.statusPaused');
      case 'offline':
        return t('upload.statusOffline');
      case 'failed':
        return t('upload.statusFailed');
      case 'done':
        return failure && !failure.retry ? t('upload.statusRefused') : t('upload.statusDone');
      case 'idle':
        return '';
    }
  })();
  const finished = state.phase === 'done' || (failure !== undefined && !failure.retry);

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t('upload.fileTitle')}
      </h2>
      <p className={styles.fileName}>{file.name}</p>
      <p className={styles.meta}>{t('upload.progress', sizes)}</p>
      <div
        className={styles.bar}
        data-state={failure ? 'failed' : state.phase}
        role="progressbar"
        aria-label={t('upload.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('upload.progress', sizes)}
      >
        <div className={styles.barFill} style={{ width: `${percent}%` }} />
      </div>
      <p role="status" className={styles.status}>
        {status}
        {checking ? ` ${t('upload.checking')}` : ''}
      </p>
      {failure ? (
        <p role="alert" className={styles.refusal}>
          {failureText(t, failure)}
        </p>
      ) : null}
      <div className={styles.buttons}>
        {state.phase === 'uploading' ? (
          <button type="button" className={styles.secondary} onClick={onPause}>
            {t('upload.pause')}
          </button>
        ) : null}
        {state.phase === 'paused' || state.phase === 'offline' ? (
          <button type="button" className={styles.secondary} onClick={onResume}>
            {t('upload.resume')}
          </button>
        ) : null}
        {failure?.retry ? (
          <button type="button" className={styles.button} onClick={onRetry}>
            {t('upload.retry')}
          </button>
        ) : null}
        <button
          type="button"
          className={failure && !failure.retry ? styles.button : styles.secondary}
          onClick={onCancel}
        >
          {finished ? t('upload.another') : t('upload.cancel')}
        </button>
      </div>
    </section>
  );
}
