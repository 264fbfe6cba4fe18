import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/errors.ts';
import styles from './upload.module.css';
import { formatBytes, percentOf } from './upload-format.ts';
import type { UploadState } from './use-tus-upload.ts';

// How the upload goes: the file, a progress bar (its value read out on demand, not on every
// step), what is happening in words (announced when it changes) and the controls that fit.

export function UploadProgress({
  file,
  state,
  lang,
  onPause,
  onResume,
  onCancel,
}: {
  file: File;
  state: UploadState;
  lang: string;
  onPause: () => void;
  onResume: () => void;
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
        if (state.failure?.code === 'rate_limited') {
          return t('upload.tooManyPending', state.failure.info);
        }
        return `${t('upload.statusFailed')} ${
          state.failure ? errorText(t, state.failure.code, state.failure.info) : ''
        }`;
      case 'done':
        return t('upload.statusDone');
      case 'idle':
        return '';
    }
  })();

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        {t('upload.fileTitle')}
      </h2>
      <p className={styles.fileName}>{file.name}</p>
      <p className={styles.meta}>{t('upload.progress', sizes)}</p>
      <div
        className={styles.bar}
        data-state={state.phase}
        role="progressbar"
        aria-label={t('upload.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={t('upload.progress', sizes)}
      >
        <div className={styles.barFill} style={{ width: `${percent}%` }} />
      </div>
      <p role="status" className={state.phase === 'failed' ? styles.error : styles.status}>
        {status}
      </p>
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
        {state.phase === 'failed' ? (
          <button type="button" className={styles.secondary} onClick={onResume}>
            {t('upload.retry')}
          </button>
        ) : null}
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {state.phase === 'done' ? t('upload.another') : t('upload.cancel')}
        </button>
      </div>
    </section>
  );
}
