import { type ChangeEvent, useEffect, useId, useState } from 'react';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import { PROFILE_IMAGES } from '../../../contracts/profile.rules.ts';
import type { OwnProfile } from '../../../contracts/profile.schema.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import { failureErrors } from '../../lib/form-errors.ts';
import { useOverlays } from '../overlays/overlays.tsx';
import { type PictureKind, removePicture, uploadPicture } from './profile-calls.ts';
import styles from './profile-edit.module.css';

// The avatar or the cover of the /edit/ screen: the picture now, a file picker that
// uploads at once with its progress (the chosen file shows meanwhile), and a remove
// button. A file the server refuses is explained under the picker; a picture too small
// (a notify code, SPEC.md §8 invalid_img_size) is a toast with the minimum size.

const MB = 1024 * 1024;

export function PictureField({
  kind,
  profile,
  onChanged,
}: {
  kind: PictureKind;
  profile: OwnProfile;
  /** The profile after a change and the success message to show. */
  onChanged: (profile: OwnProfile, message: string) => void;
}) {
  const { t } = useTranslation();
  const { csrf } = useGlobals();
  const overlays = useOverlays();
  const id = useId();
  const [busy, setBusy] = useState(false);
  /** Share of the file sent, while uploading (1: the server is processing it). */
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<FieldError | undefined>();

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const avatar = kind === 'avatar';
  const min = avatar ? PROFILE_IMAGES.avatarMin : PROFILE_IMAGES.coverMin;
  const has = avatar ? profile.has_avatar === '1' : profile.cover !== '';
  const current = avatar ? profile.avatar : profile.cover;
  const shown = preview ?? (current || null);
  const inputId = `${id}-file`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a refusal.
    event.target.value = '';
    if (!file || busy) return;
    setError(undefined);
    if (file.type !== '' && !file.type.startsWith('image/')) {
      setError({ field: 'file', code: 'file_invalid_type' });
      return;
    }
    if (file.size > PROFILE_IMAGES.maxBytes) {
      setError({ field: 'file', code: 'file_too_large' });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    setProgress(0);
    try {
      const saved = await uploadPicture(kind, file, csrf, setProgress);
      onChanged(saved, t(avatar ? 'edit.avatarSaved' : 'edit.coverSaved'));
    } catch (failure) {
      const [first] = failureErrors(failure);
      if (first?.field === 'file') setError(first);
      else overlays.toastFailure(failure);
    } finally {
      setPreview(null);
      setProgress(null);
      setBusy(false);
    }
  }

  async function remove() {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      const saved = await removePicture(kind);
      onChanged(saved, t(avatar ? 'edit.avatarRemoved' : 'edit.coverRemoved'));
    } catch (failure) {
      overlays.toastFailure(failure);
    } finally {
      setBusy(false);
    }
  }

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className={avatar ? styles.avatarPicture : styles.coverPicture}>
      <h3 className={styles.pictureTitle}>{t(avatar ? 'edit.avatar' : 'edit.cover')}</h3>
      <div className={avatar ? styles.avatarFrame : styles.coverFrame}>
        {shown ? (
          <img
            src={shown}
            alt={t(avatar ? 'edit.avatarAlt' : 'edit.coverAlt')}
            width={avatar ? 120 : 1250}
            height={avatar ? 120 : 250}
          />
        ) : (
          <span className={styles.noPicture}>{t('edit.noCover')}</span>
        )}
      </div>
      <p id={hintId} className={styles.hint}>
        {t(avatar ? 'edit.avatarHint' : 'edit.coverHint', {
          width: min.width,
          height: min.height,
          mb: PROFILE_IMAGES.maxBytes / MB,
        })}
      </p>
      <div className={styles.pictureActions}>
        <input
          id={inputId}
          type="file"
          accept={PROFILE_IMAGES.accept}
          className={styles.fileInput}
          onChange={(event) => void choose(event)}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        <label htmlFor={inputId} className={styles.fileButton}>
          {t(avatar ? 'edit.uploadAvatar' : 'edit.uploadCover')}
        </label>
        {has && progress === null ? (
          <button
            type="button"
            className={styles.cancel}
            onClick={() => void remove()}
            disabled={busy}
          >
            {t(avatar ? 'edit.removeAvatar' : 'edit.removeCover')}
          </button>
        ) : null}
      </div>
      {/* Present before an upload starts, so screen readers announce what it says. */}
      <div role="status" className={styles.progress}>
        {progress !== null ? (
          <>
            <progress max={100} value={percent} aria-label={t('edit.progressLabel')} />
            <span>{progress < 1 ? t('edit.uploading', { percent }) : t('edit.processing')}</span>
          </>
        ) : null}
      </div>
      {error ? (
        <span id={errorId} className={styles.error}>
          {errorText(t, error.code)}
        </span>
      ) : null}
    </div>
  );
}
