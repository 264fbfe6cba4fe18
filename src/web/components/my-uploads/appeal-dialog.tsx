import { type FormEvent, useId, useRef, useState } from 'react';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import { MODERATION_NOTE_MAX } from '../../../contracts/moderation.ts';
import { APPEAL_PATH, type AppealAnswer } from '../../../contracts/my-uploads.schema.ts';
import { postForm } from '../../api/client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import { failureErrors, splitErrors } from '../../lib/form-errors.ts';
import { Modal } from '../overlays/modal.tsx';
import formStyles from '../playlist/playlist-form.module.css';
import styles from './my-uploads.module.css';

// The appeal of a decision (DSA art. 20, decisions 0045 and 0049): the member's words, once
// per decision; another moderator then looks at it again. A video's by default; the member's
// other decisions (my-decisions.tsx) word the intro and the question for any object. Loaded
// when first opened.

const FIELDS = ['text'] as const;

export default function AppealDialog({
  title,
  reason,
  statementId,
  intro,
  label,
  onSent,
  onClose,
}: {
  /** The video's title, named in the dialog so the member knows which one they appeal. */
  title: string;
  /** The decision's reason as the member read it on the card. */
  reason: string;
  statementId: number;
  /** What happens next, and the question asked: a video's words unless given. */
  intro?: string;
  label?: string;
  onSent: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const words = text.trim();
    const local: FieldError[] =
      words === ''
        ? [{ field: 'text', code: 'required' }]
        : words.length > MODERATION_NOTE_MAX
          ? [{ field: 'text', code: 'max_length' }]
          : [];
    setErrors(local);
    if (local.length > 0) {
      field.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await postForm<AppealAnswer>(APPEAL_PATH, {
        statement_id: String(statementId),
        text: words,
      });
      onSent();
    } catch (error) {
      setErrors(failureErrors(error));
      setBusy(false);
    }
  }

  const { byField, form } = splitErrors(errors, FIELDS);
  const textError = byField.get('text');
  const fieldId = `${id}-text`;
  const describedBy = [`${fieldId}-hint`, textError ? `${fieldId}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Modal title={t('myUploads.appealTitle')} onClose={onClose}>
      <form className={formStyles.form} onSubmit={submit} noValidate aria-busy={busy}>
        <div>
          <p className={styles.dialogVideo}>{title}</p>
          <p className={styles.dialogReason}>{reason}</p>
        </div>
        <p className={styles.dialogIntro}>{intro ?? t('myUploads.appealIntro')}</p>
        <div className={formStyles.field}>
          <label htmlFor={fieldId}>{label ?? t('myUploads.appealLabel')}</label>
          <textarea
            ref={field}
            id={fieldId}
            name="text"
            rows={5}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setErrors([]);
            }}
            required
            maxLength={MODERATION_NOTE_MAX}
            aria-invalid={textError ? true : undefined}
            aria-describedby={describedBy}
          />
          <span id={`${fieldId}-hint`} className={formStyles.hint}>
            {t('myUploads.appealHint', { max: MODERATION_NOTE_MAX })}
          </span>
          {textError ? (
            <span id={`${fieldId}-error`} className={formStyles.error}>
              {errorText(t, textError.code, { length: MODERATION_NOTE_MAX })}
            </span>
          ) : null}
        </div>
        {form ? (
          <p role="alert" className={formStyles.error}>
            {form.code === 'already_added' ? t('myUploads.appealAlready') : errorText(t, form.code)}
          </p>
        ) : null}
        <div className={formStyles.buttons}>
          <button type="button" className={formStyles.cancel} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={formStyles.submit} disabled={busy}>
            {busy ? t('myUploads.appealSending') : t('myUploads.appealSend')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
