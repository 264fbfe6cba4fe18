import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ALBUM_LIMITS, albumErrorInfo, checkAlbumFields } from '../../../contracts/album.rules.ts';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import { failureErrors, splitErrors } from '../../lib/form-errors.ts';
import { Modal } from '../overlays/modal.tsx';
import styles from '../playlist/playlist-form.module.css';
import { type AlbumDetail, type AlbumFormValues, createAlbum, updateAlbum } from './album-calls.ts';

// The album form in a modal: a new album (from the owner's Albums tab) or the album's title,
// description and privacy (from its page). The rules are checked before the call; the
// server's field errors show next to their fields, any other failure above the buttons.

const FIELDS = ['title', 'desc', 'private'] as const;

export type AlbumFormMode = { section: 'new' } | { section: 'upd'; album: AlbumDetail };

export default function AlbumFormModal({
  mode,
  onSaved,
  onClose,
}: {
  mode: AlbumFormMode;
  onSaved: (album: AlbumDetail) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<AlbumFormValues>(
    mode.section === 'upd'
      ? {
          title: mode.album.title,
          desc: mode.album.description,
          private: mode.album.is_private === '1',
        }
      : { title: '', desc: '', private: false },
  );
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [failedTries, setFailedTries] = useState(0);

  // After a failed try the first field in error takes the focus, so its message is read.
  useEffect(() => {
    if (failedTries === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[data-form-alert]');
    target?.focus();
  }, [failedTries]);

  const set = <K extends keyof AlbumFormValues>(key: K, value: AlbumFormValues[K]) => {
    setValues((now) => ({ ...now, [key]: value }));
    setErrors((now) => now.filter((e) => e.field !== key));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const local = checkAlbumFields(values);
    setErrors(local);
    if (local.length > 0) {
      setFailedTries((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const album =
        mode.section === 'new'
          ? await createAlbum(values)
          : await updateAlbum(mode.album.album_id, values);
      onSaved(album);
    } catch (error) {
      setErrors(failureErrors(error));
      setFailedTries((n) => n + 1);
      setBusy(false);
    }
  }

  const { byField, form } = splitErrors(errors, FIELDS);
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  const describedBy = (name: string) =>
    [`${fieldId(name)}-hint`, byField.has(name) ? errorId(name) : ''].filter(Boolean).join(' ');
  const message = (name: string) => {
    const error = byField.get(name);
    if (!error) return null;
    return (
      <span id={errorId(name)} className={styles.error}>
        {errorText(t, error.code, albumErrorInfo(name, error.code))}
      </span>
    );
  };
  const invalid = (name: string) => (byField.has(name) ? true : undefined);

  return (
    <Modal
      title={mode.section === 'new' ? t('albums.form.newTitle') : t('albums.form.editTitle')}
      onClose={onClose}
    >
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
        <div className={styles.field}>
          <label htmlFor={fieldId('title')}>{t('albums.form.title')}</label>
          <input
            id={fieldId('title')}
            name="title"
            type="text"
            value={values.title}
            onChange={(event) => set('title', event.target.value)}
            required
            maxLength={ALBUM_LIMITS.titleMax * 2}
            autoComplete="off"
            aria-invalid={invalid('title')}
            aria-describedby={describedBy('title')}
          />
          <span id={`${fieldId('title')}-hint`} className={styles.hint}>
            {t('albums.form.titleHint', { min: ALBUM_LIMITS.titleMin, max: ALBUM_LIMITS.titleMax })}
          </span>
          {message('title')}
        </div>
        <div className={styles.field}>
          <label htmlFor={fieldId('desc')}>{t('albums.form.description')}</label>
          <textarea
            id={fieldId('desc')}
            name="desc"
            rows={3}
            value={values.desc}
            onChange={(event) => set('desc', event.target.value)}
            aria-invalid={invalid('desc')}
            aria-describedby={describedBy('desc')}
          />
          <span id={`${fieldId('desc')}-hint`} className={styles.hint}>
            {t('albums.form.descriptionHint', { max: ALBUM_LIMITS.descriptionMax })}
          </span>
          {message('desc')}
        </div>
        <div className={styles.field}>
          <label className={styles.choice}>
            <input
              type="checkbox"
              name="private"
              checked={values.private}
              onChange={(event) => set('private', event.target.checked)}
              aria-invalid={invalid('private')}
              aria-describedby={describedBy('private')}
            />
            {t('albums.form.private')}
          </label>
          <span id={`${fieldId('private')}-hint`} className={styles.hint}>
            {t('albums.form.privateHint')}
          </span>
          {message('private')}
        </div>
        {form ? (
          <p role="alert" tabIndex={-1} data-form-alert className={styles.error}>
            {errorText(t, form.code)}
          </p>
        ) : null}
        <div className={styles.buttons}>
          <button type="button" className={styles.cancel} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={styles.submit} disabled={busy}>
            {mode.section === 'new' ? t('albums.form.create') : t('albums.form.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
