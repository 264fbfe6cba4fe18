import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import { GENDERS, PLAYLIST_LIMITS } from '../../../contracts/constants.ts';
import { playlistErrorInfo } from '../../../contracts/input.rules.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import { failureErrors, splitErrors } from '../../lib/form-errors.ts';
import { CategoryPicker } from './category-picker.tsx';
import styles from './playlist-form.module.css';
import {
  checkPlaylistForm,
  PLAYLIST_FIELDS,
  type PlaylistFormValues,
} from './playlist-form.rules.ts';

// The playlist form of the ActionPlaylist modal (SPEC.md §5 Playlist form): title,
// description, visibility, orientation and up to 3 categories. It creates and edits: the
// caller gives the starting values and the call. The rules are checked before the call;
// the server's field errors show next to their fields, any other failure above the buttons.

export function PlaylistForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: PlaylistFormValues;
  submitLabel: string;
  /** Makes the call; a thrown ApiError is shown as the form's errors. */
  onSubmit: (values: PlaylistFormValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // After a failed try the first field in error takes the focus, so its message is read.
  const [failedTries, setFailedTries] = useState(0);
  useEffect(() => {
    if (failedTries === 0) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[data-form-alert]');
    target?.focus();
  }, [failedTries]);

  // An edited field's error goes: it described the value that was there.
  const set = <K extends keyof PlaylistFormValues>(key: K, value: PlaylistFormValues[K]) => {
    setValues((now) => ({ ...now, [key]: value }));
    setErrors((now) =>
      now.some((e) => e.field === key) ? now.filter((e) => e.field !== key) : now,
    );
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const local = checkPlaylistForm(values);
    setErrors(local);
    if (local.length > 0) {
      setFailedTries((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(values);
    } catch (error) {
      if (mounted.current) {
        setErrors(failureErrors(error));
        setFailedTries((n) => n + 1);
      }
    } finally {
      if (mounted.current) setBusy(false);
    }
  }

  const { byField, form } = splitErrors(errors, PLAYLIST_FIELDS);
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  const describedBy = (name: string, hint?: string) =>
    [hint ?? '', byField.has(name) ? errorId(name) : ''].filter(Boolean).join(' ') || undefined;
  const message = (name: string) => {
    const error = byField.get(name);
    if (!error) return null;
    return (
      <span id={errorId(name)} className={styles.error}>
        {errorText(t, error.code, playlistErrorInfo(name, error.code))}
      </span>
    );
  };
  const invalid = (name: string) => (byField.has(name) ? true : undefined);
  const lengthHint = (min: number, max: number) => t('playlistForm.lengthHint', { min, max });

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <div className={styles.field}>
        <label htmlFor={fieldId('title')}>{t('playlistForm.title')}</label>
        <input
          id={fieldId('title')}
          name="title"
          type="text"
          value={values.title}
          onChange={(event) => set('title', event.target.value)}
          required
          autoComplete="off"
          aria-invalid={invalid('title')}
          aria-describedby={describedBy('title', `${fieldId('title')}-hint`)}
        />
        <span id={`${fieldId('title')}-hint`} className={styles.hint}>
          {lengthHint(PLAYLIST_LIMITS.titleMin, PLAYLIST_LIMITS.titleMax)}
        </span>
        {message('title')}
      </div>
      <div className={styles.field}>
        <label htmlFor={fieldId('desc')}>{t('playlistForm.description')}</label>
        <textarea
          id={fieldId('desc')}
          name="desc"
          rows={3}
          value={values.desc}
          onChange={(event) => set('desc', event.target.value)}
          required
          aria-invalid={invalid('desc')}
          aria-describedby={describedBy('desc', `${fieldId('desc')}-hint`)}
        />
        <span id={`${fieldId('desc')}-hint`} className={styles.hint}>
          {lengthHint(PLAYLIST_LIMITS.descriptionMin, PLAYLIST_LIMITS.descriptionMax)}
        </span>
        {message('desc')}
      </div>
      <fieldset className={styles.group} aria-describedby={describedBy('visible')}>
        <legend>{t('playlistForm.visibility')}</legend>
        <div className={styles.choices}>
          {(['1', '0'] as const).map((value) => (
            <label key={value} className={styles.choice}>
              <input
                type="radio"
                name="visible"
                value={value}
                checked={values.visible === value}
                onChange={() => set('visible', value)}
                aria-invalid={invalid('visible')}
              />
              {value === '1' ? t('playlistForm.public') : t('playlistForm.private')}
            </label>
          ))}
        </div>
        {message('visible')}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={fieldId('orientation')}>{t('playlistForm.orientation')}</label>
        <select
          id={fieldId('orientation')}
          name="orientation"
          value={values.orientation}
          onChange={(event) =>
            set('orientation', GENDERS.find((g) => g === event.target.value) ?? 'str')
          }
          aria-invalid={invalid('orientation')}
          aria-describedby={describedBy('orientation')}
        >
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {t(`gender.${gender}`)}
            </option>
          ))}
        </select>
        {message('orientation')}
      </div>
      <CategoryPicker
        orientation={values.orientation}
        chosen={values.categories}
        onChange={(categories) => set('categories', categories)}
        invalid={byField.has('categories')}
        errorId={byField.has('categories') ? errorId('categories') : undefined}
      >
        {message('categories')}
      </CategoryPicker>
      {form ? (
        <p role="alert" tabIndex={-1} data-form-alert className={styles.error}>
          {errorText(t, form.code)}
        </p>
      ) : null}
      <div className={styles.buttons}>
        {onCancel ? (
          <button type="button" className={styles.cancel} onClick={onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
        <button type="submit" className={styles.submit} disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
