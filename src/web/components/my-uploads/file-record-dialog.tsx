import { type FormEvent, useState } from 'react';
import { useEditForm } from '../../hooks/use-edit-form.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
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
  const [record, setRecord] = useState<RecordValues>(EMPTY_RECORD);
  const form = useEditForm(recordFieldNames(record));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.busy) return;
    const filed = await form.run(checkRecord(record), async () => {
      await fileRecord(videoId, recordFields(record), recordFiles(record));
    });
    if (filed) onFiled();
  }

  const alert = form.formError;
  return (
    <Modal title={t('myUploads.recordTitle')} onClose={onClose} wide>
      <form
        ref={form.formRef}
        className={formStyles.form}
        onSubmit={submit}
        noValidate
        aria-busy={form.busy}
      >
        <p className={styles.dialogIntro}>{t('myUploads.recordIntro')}</p>
        <div>
          <p className={styles.dialogReason}>{t('myUploads.recordVideo')}</p>
          <p className={styles.dialogVideo}>{title}</p>
        </div>
        <RecordsFields
          values={record}
          idPrefix={form.id}
          errors={form.fieldErrors}
          onChange={(next, touched) => {
            setRecord(next);
            form.clear(...touched);
          }}
        />
        {alert ? (
          <p role="alert" tabIndex={-1} data-form-alert className={formStyles.error}>
            {alert.code === 'already_added'
              ? t('myUploads.recordAlready')
              : errorText(t, alert.code)}
          </p>
        ) : null}
        <div className={formStyles.buttons}>
          <button type="button" className={formStyles.cancel} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={formStyles.submit} disabled={form.busy}>
            {form.busy ? t('myUploads.recordSending') : t('myUploads.recordSend')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
