import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import { GENDERS, type Gender } from '../../../contracts/constants.ts';
import {
  checkVideoForm,
  minDurationMinutes,
  splitTags,
  UPLOAD_RULES,
  VIDEO_FORM_FIELDS,
  videoFormErrorInfo,
} from '../../../contracts/upload.rules.ts';
import type { UploadScreens, VideoCreated } from '../../../contracts/upload.schema.ts';
import { isApiError } from '../../api/client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import { failureErrors, splitErrors } from '../../lib/form-errors.ts';
import { CategoryPicker } from '../playlist/category-picker.tsx';
import type { ChosenCategory } from '../playlist/playlist-form.rules.ts';
import { PreviewPicker } from './preview-picker.tsx';
import { RecordsFields } from './records-fields.tsx';
import {
  checkRecord,
  EMPTY_RECORD,
  type RecordValues,
  recordFieldNames,
  recordFields,
  recordFiles,
} from './records-form.rules.ts';
import styles from './upload.module.css';
import { submitVideo } from './upload-calls.ts';

// The form of an upload (SPEC.md §5): title, description, orientation, 1 to 3 categories,
// tags, the exclusive and private flags, and the preview, which is required. It can be
// filled while the file is still going; it is sent once the file is in and looked at. The
// rules are checked before the call; the server's field errors show next to their fields.

export interface UploadFormValues {
  title: string;
  description: string;
  orientation: Gender;
  categories: ChosenCategory[];
  tags: string;
  exclusive: boolean;
  isPrivate: boolean;
  screenshot: number | null;
  image: File | null;
}

/** Fields with a place of their own; the file's failures show above the button. */
const SHOWN_FIELDS = VIDEO_FORM_FIELDS.filter((field) => field !== 'file');

const EMPTY: UploadFormValues = {
  title: '',
  description: '',
  orientation: 'str',
  categories: [],
  tags: '',
  exclusive: false,
  isPrivate: false,
  screenshot: null,
  image: null,
};

/** The rules before the call, with the length rule when the upload's length is known. */
function checkForm(values: UploadFormValues, durationS: number | undefined): FieldError[] {
  const errors = checkVideoForm(
    {
      title: values.title,
      description: values.description,
      categories: values.categories,
      tags: splitTags(values.tags),
    },
    values.screenshot !== null || values.image !== null,
  );
  if (
    durationS !== undefined &&
    !values.exclusive &&
    durationS < UPLOAD_RULES.minDurationS.regular
  ) {
    errors.push({ field: 'exclusive', code: 'video_too_short' });
  }
  return errors;
}

/**
 * The form's file: none chosen, going up or being looked at, stopped (a lost connection, to
 * try again) or refused; why is told at the file.
 */
export type FileState = 'missing' | 'going' | 'stopped' | 'refused';

export function VideoForm({
  uploadId,
  screens,
  fileState,
  onCreated,
}: {
  /** Set once the file is in; the form waits for it. */
  uploadId: string | undefined;
  screens: UploadScreens | undefined;
  fileState: FileState;
  onCreated: (created: VideoCreated) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [record, setRecord] = useState<RecordValues>(EMPTY_RECORD);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [waiting, setWaiting] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The last publish got no answer: the connection, not the form. */
  const [lostConnection, setLostConnection] = useState(false);
  const [fileProblem, setFileProblem] = useState<Exclude<FileState, 'going'> | undefined>();
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

  const ready = uploadId !== undefined && screens !== undefined;
  useEffect(() => {
    if (ready) setWaiting(false);
  }, [ready]);

  const set = <K extends keyof UploadFormValues>(key: K, value: UploadFormValues[K]) => {
    setValues((now) => ({ ...now, [key]: value }));
    setErrors((now) => now.filter((e) => e.field !== key));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const local = [
      ...checkForm(values, screens ? Number(screens.duration_seconds) : undefined),
      ...checkRecord(record),
    ];
    setLostConnection(false);
    // No file to publish yet: said with the rest, so one try shows everything to fix.
    const problem = ready || fileState === 'going' ? undefined : fileState;
    setFileProblem(problem);
    setErrors(local);
    if (local.length > 0 || problem) {
      setFailedTries((n) => n + 1);
      return;
    }
    if (!ready) {
      setWaiting(true);
      return;
    }
    setBusy(true);
    try {
      const created = await submitVideo(
        {
          upload_id: uploadId,
          title: values.title.trim(),
          description: values.description.trim(),
          orientation: values.orientation,
          categories: values.categories.map((c) => c.id).join(','),
          tags: splitTags(values.tags).join(', '),
          exclusive: values.exclusive ? '1' : '0',
          is_private: values.isPrivate ? '1' : '0',
          screenshot: values.image || values.screenshot === null ? '' : String(values.screenshot),
          ...recordFields(record),
        },
        { ...(values.image ? { preview: values.image } : {}), ...recordFiles(record) },
      );
      onCreated(created);
    } catch (error) {
      setLostConnection(!isApiError(error) || error.status === 0);
      setErrors(
        failureErrors(error).map((e) =>
          // Long enough as an exclusive: the fix is the exclusive box, so it is told there.
          e.field === 'file' && e.code === 'video_too_short' && !values.exclusive
            ? { ...e, field: 'exclusive' }
            : e,
        ),
      );
      setFailedTries((n) => n + 1);
      setBusy(false);
    }
  }

  const { byField, form } = splitErrors(errors, [...SHOWN_FIELDS, ...recordFieldNames(record)]);
  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;
  const info = (field: string, code: string) =>
    code === 'video_too_short'
      ? { min: minDurationMinutes(values.exclusive) }
      : videoFormErrorInfo(field, code);
  const describedBy = (name: string, hint?: string) =>
    [hint ?? '', byField.has(name) ? errorId(name) : ''].filter(Boolean).join(' ') || undefined;
  const message = (name: string) => {
    const error = byField.get(name);
    if (!error) return null;
    return (
      <span id={errorId(name)} className={styles.error}>
        {name === 'tags' && error.code === 'invalid_params'
          ? t('upload.tagsInvalid', { max: UPLOAD_RULES.tagsMax })
          : errorText(t, error.code, info(name, error.code))}
      </span>
    );
  };
  const invalid = (name: string) => (byField.has(name) ? true : undefined);
  /** The form's own failure: about the file, the upload or the call, not one field. */
  const formText = (error: FieldError) => {
    if (lostConnection) return t('upload.publishNetwork');
    if (error.field === 'upload_id' && error.code === 'not_found') return t('upload.uploadGone');
    return errorText(t, error.code, info(error.field, error.code));
  };

  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.cardTitle}>
        {t('upload.detailsTitle')}
      </h2>
      <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
        <div className={styles.field}>
          <label htmlFor={fieldId('title')}>{t('upload.titleLabel')}</label>
          <input
            id={fieldId('title')}
            name="title"
            type="text"
            value={values.title}
            onChange={(event) => set('title', event.target.value)}
            required
            autoComplete="off"
            maxLength={UPLOAD_RULES.titleMax + 20}
            aria-invalid={invalid('title')}
            aria-describedby={describedBy('title', `${fieldId('title')}-hint`)}
          />
          <span id={`${fieldId('title')}-hint`} className={styles.hint}>
            {t('upload.lengthHint', { min: UPLOAD_RULES.titleMin, max: UPLOAD_RULES.titleMax })}
          </span>
          {message('title')}
        </div>
        <div className={styles.field}>
          <label htmlFor={fieldId('description')}>{t('upload.descriptionLabel')}</label>
          <textarea
            id={fieldId('description')}
            name="description"
            rows={4}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            aria-invalid={invalid('description')}
            aria-describedby={describedBy('description', `${fieldId('description')}-hint`)}
          />
          <span id={`${fieldId('description')}-hint`} className={styles.hint}>
            {t('upload.descriptionHint', { max: UPLOAD_RULES.descriptionMax })}
          </span>
          {message('description')}
        </div>
        <div className={styles.field}>
          <label htmlFor={fieldId('orientation')}>{t('upload.orientation')}</label>
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
          <span className={styles.hint}>
            {t('upload.categoriesHint', {
              min: UPLOAD_RULES.categoriesMin,
              max: UPLOAD_RULES.categoriesMax,
            })}
          </span>
          {message('categories')}
        </CategoryPicker>
        <div className={styles.field}>
          <label htmlFor={fieldId('tags')}>{t('upload.tags')}</label>
          <input
            id={fieldId('tags')}
            name="tags"
            type="text"
            value={values.tags}
            onChange={(event) => set('tags', event.target.value)}
            autoComplete="off"
            aria-invalid={invalid('tags')}
            aria-describedby={describedBy('tags', `${fieldId('tags')}-hint`)}
          />
          <span id={`${fieldId('tags')}-hint`} className={styles.hint}>
            {t('upload.tagsHint', { max: UPLOAD_RULES.tagsMax })}
          </span>
          {message('tags')}
        </div>
        <div className={styles.field}>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="exclusive"
              checked={values.exclusive}
              onChange={(event) => set('exclusive', event.target.checked)}
              aria-invalid={invalid('exclusive')}
              aria-describedby={describedBy('exclusive', `${fieldId('exclusive')}-hint`)}
            />
            {t('upload.exclusive')}
          </label>
          <span id={`${fieldId('exclusive')}-hint`} className={styles.hint}>
            {screens?.exclusive_only === '1'
              ? t('upload.exclusiveOnly', { duration: screens.duration })
              : t('upload.exclusiveHint')}
          </span>
          {message('exclusive')}
        </div>
        <div className={styles.field}>
          <label className={styles.check}>
            <input
              type="checkbox"
              name="is_private"
              checked={values.isPrivate}
              onChange={(event) => set('isPrivate', event.target.checked)}
            />
            {t('upload.private')}
          </label>
        </div>
        <PreviewPicker
          screens={screens}
          screenshot={values.screenshot}
          image={values.image}
          onScreenshot={(n) => {
            setValues((now) => ({ ...now, screenshot: n, image: null }));
            setErrors((now) =>
              now.filter((e) => e.field !== 'screenshot' && e.field !== 'preview'),
            );
          }}
          onImage={(file) => {
            setValues((now) => ({ ...now, image: file, screenshot: file ? null : now.screenshot }));
            setErrors((now) =>
              now.filter((e) => e.field !== 'screenshot' && e.field !== 'preview'),
            );
          }}
          error={byField.get('screenshot') ?? byField.get('preview')}
        />
        <RecordsFields
          values={record}
          idPrefix={id}
          errors={byField}
          onChange={(next, touched) => {
            setRecord(next);
            setErrors((now) => now.filter((e) => !touched.includes(e.field)));
          }}
        />
        {form ? (
          <p role="alert" tabIndex={-1} data-form-alert className={styles.error}>
            {formText(form)}
          </p>
        ) : fileProblem && fileState !== 'going' ? (
          <p role="alert" tabIndex={-1} data-form-alert className={styles.error}>
            {fileProblem === 'missing'
              ? t('upload.fileMissing')
              : fileProblem === 'stopped'
                ? t('upload.statusFailed')
                : t('upload.fileRefused')}
          </p>
        ) : null}
        {waiting ? (
          <p role="status" className={styles.status}>
            {t('upload.waitUpload')}
          </p>
        ) : null}
        <div className={styles.buttons}>
          <button type="submit" className={styles.submit} aria-busy={busy ? true : undefined}>
            {busy ? t('upload.submitting') : t('upload.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
