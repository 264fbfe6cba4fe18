import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import { useGlobals } from '../../hooks/use-globals.ts';
import { errorText } from '../../lib/errors.ts';
import { failureErrors, splitErrors } from '../../lib/form-errors.ts';
import { Modal } from '../overlays/modal.tsx';
import formStyles from '../playlist/playlist-form.module.css';
import { RecordsFields } from '../upload/records-fields.tsx';
import {
  checkRecord,
  EMPTY_RECORD,
  type RecordValues,
  recordFieldNames,
  recordFields,
  recordFiles,
} from '../upload/records-form.rules.ts';
import { fileRecord } from '../upload/upload-calls.ts';
import styles from './my-uploads.module.css';

// The 2257 record of an upload that has none (decision 0055): an upload made before records
// existed waits in review and cannot be approved until its uploader files it. The same
// confirmation and declaration as the upload form (RecordsFields, the same rules before the
// call), sent as `section=records` of video_edit.php. Loaded when first opened.

export default function FileRecordDialog({
  videoId,
  title,
  onFiled,
  onClose,
}: {
  videoId: number;
  /** The video's title: what the record is for. */
  title: string;
  onFiled: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { csrf } = useGlobals();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [record, setRecord] = useState<RecordValues>(EMPTY_RECORD);
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

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const local = checkRecord(record);
    setErrors(local);
    if (local.length > 0) {
      setFailedTries((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      await fileRecord(videoId, recordFields(record), recordFiles(record), csrf);
      onFiled();
    } catch (error) {
      setErrors(failureErrors(error));
      setFailedTries((n) => n + 1);
      setBusy(false);
    }
  }

  const { byField, form } = splitErrors(errors, recordFieldNames(record));
  return (
    <Modal title={t('myUploads.recordTitle')} onClose={onClose} wide>
      <form ref={formRef} className={formStyles.form} onSubmit={submit} noValidate aria-busy={busy}>
        <p className={styles.dialogIntro}>{t('myUploads.recordIntro')}</p>
        <div>
          <p className={styles.dialogReason}>{t('myUploads.recordVideo')}</p>
          <p className={styles.dialogVideo}>{title}</p>
        </div>
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
          <p role="alert" tabIndex={-1} data-form-alert className={formStyles.error}>
            {form.code === 'already_added' ? t('myUploads.recordAlready') : errorText(t, form.code)}
          </p>
        ) : null}
        <div className={formStyles.buttons}>
          <button type="button" className={formStyles.cancel} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={formStyles.submit} disabled={busy}>
            {busy ? t('myUploads.recordSending') : t('myUploads.recordSend')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
