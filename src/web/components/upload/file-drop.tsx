import { type ChangeEvent, type DragEvent, useId, useState } from 'react';
import { UPLOAD_EXTENSIONS } from '../../../contracts/upload.rules.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import styles from './upload.module.css';

// The file of an upload: dropped on the zone or chosen with the button (a real file input,
// so keyboards and screen readers use it as any other). The choice goes to `onFile`, which
// checks it; the reason a file was refused shows under the zone.

const ACCEPT = UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export function FileDrop({
  onFile,
  error,
}: {
  onFile: (file: File) => void;
  /** Why the last file was refused, in the member's language. */
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onFile(file);
  };

  return (
    <div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer extra; the file input inside is the way for keyboards and screen readers */}
      <div
        className={styles.drop}
        data-over={over ? 'true' : undefined}
        onDragOver={(event: DragEvent) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(event: DragEvent) => {
          event.preventDefault();
          setOver(false);
          take(event.dataTransfer.files);
        }}
      >
        <p className={styles.dropText}>{t('upload.drop')}</p>
        <p className={styles.or}>{t('upload.or')}</p>
        <label htmlFor={`${id}-file`} className={styles.button}>
          {t('upload.choose')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          className="visually-hidden"
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            take(event.target.files);
            // The same file chosen again after a refusal is a new choice.
            event.target.value = '';
          }}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
