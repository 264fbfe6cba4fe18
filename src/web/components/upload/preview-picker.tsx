import { useEffect, useId, useState } from 'react';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import { UPLOAD_RULES } from '../../../contracts/upload.rules.ts';
import type { UploadScreens } from '../../../contracts/upload.schema.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import styles from './upload.module.css';

// The preview of the video (SPEC.md §5 "preview required"): one of the frames the server
// took from the finished file, or an own image. Until the file is in, the frames are not
// there yet and the group says so.

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export function PreviewPicker({
  screens,
  screenshot,
  image,
  onScreenshot,
  onImage,
  error,
}: {
  screens: UploadScreens | undefined;
  screenshot: number | null;
  image: File | null;
  onScreenshot: (n: number) => void;
  onImage: (file: File | null) => void;
  error: FieldError | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [imageError, setImageError] = useState<FieldError['code'] | undefined>();
  const [imageUrl, setImageUrl] = useState<string | undefined>();

  useEffect(() => {
    if (!image) {
      setImageUrl(undefined);
      return;
    }
    const url = URL.createObjectURL(image);
    setImageUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);

  const shownError = imageError ?? error?.code;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className={styles.group}
      aria-describedby={[`${id}-hint`, shownError ? errorId : ''].filter(Boolean).join(' ')}
    >
      <legend>{t('upload.previewTitle')}</legend>
      <p id={`${id}-hint`} className={styles.hint}>
        {screens ? t('upload.previewHint') : t('upload.previewWaiting')}
      </p>
      {screens ? (
        <ul className={styles.frames}>
          {screens.screenshots.map((src, index) => {
            const n = index + 1;
            return (
              <li key={src.slice(-40) + n}>
                <label className={styles.frame}>
                  <input
                    type="radio"
                    name="screenshot"
                    value={n}
                    checked={screenshot === n && !image}
                    onChange={() => onScreenshot(n)}
                    aria-invalid={shownError ? true : undefined}
                  />
                  <img src={src} alt={t('upload.previewFrame', { n })} width={320} height={180} />
                </label>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className={styles.ownImage}>
        <div className={styles.field}>
          <label htmlFor={`${id}-image`}>{t('upload.ownImage')}</label>
          <input
            id={`${id}-image`}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            aria-describedby={`${id}-image-hint`}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              if (file && !IMAGE_TYPES.includes(file.type)) {
                setImageError('screen_upload_error');
                onImage(null);
              } else if (file && file.size > UPLOAD_RULES.previewMaxBytes) {
                setImageError('file_too_large');
                onImage(null);
              } else {
                setImageError(undefined);
                onImage(file);
              }
            }}
          />
          <span id={`${id}-image-hint`} className={styles.hint}>
            {t('upload.ownImageHint', UPLOAD_RULES.previewMin)}
          </span>
        </div>
        {imageUrl ? <img src={imageUrl} alt={t('upload.ownImageChosen')} /> : null}
      </div>
      {shownError ? (
        <span id={errorId} className={styles.error}>
          {errorText(t, shownError)}
        </span>
      ) : null}
    </fieldset>
  );
}
