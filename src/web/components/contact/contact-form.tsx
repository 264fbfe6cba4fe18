import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import { CAPTCHA_FIELD } from '../../../contracts/captcha.ts';
import {
  checkReport,
  REPORT_LIMITS,
  REPORT_SUBJECTS,
  reportErrorInfo,
} from '../../../contracts/report.rules.ts';
import { postMultipart } from '../../api/client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import auth from '../auth/auth.module.css';
import { FormAlert, FormField } from '../auth/form-field.tsx';
import { formValue, useAuthForm } from '../auth/use-auth-form.ts';
import { CaptchaField } from '../captcha/captcha-field.tsx';
import styles from './contact.module.css';
import type { ContactPrefill } from './contact-prefill.ts';

// The contact / report form (SPEC.md §5): subject, email, a message of at most 1500
// characters, an optional picture and the captcha; the object a Report entry names and the
// page it was sent from travel as hidden fields. The shared rules are checked before the
// call, the server's answer is shown per field, and a refused proof makes way for a new one.

const FIELDS = ['subject', 'email', 'message', 'file', CAPTCHA_FIELD] as const;
const MAX_MB = REPORT_LIMITS.fileMaxBytes / 1024 / 1024;

/** The picture's own failure, before sending it: the server decides by its bytes. */
function checkFile(file: FormDataEntryValue | null): FieldError[] {
  if (!(file instanceof File) || file.size === 0) return [];
  if (file.size > REPORT_LIMITS.fileMaxBytes) return [{ field: 'file', code: 'file_too_large' }];
  if (file.type !== '' && !file.type.startsWith('image/')) {
    return [{ field: 'file', code: 'file_invalid_type' }];
  }
  return [];
}

export function ContactForm({ prefill, onSent }: { prefill: ContactPrefill; onSent: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const form = useAuthForm(FIELDS);
  const [length, setLength] = useState(0);
  /** The captcha widget's round: a proof the server saw may be spent. */
  const [round, setRound] = useState(0);
  /** Fields changed since the last try: their old error no longer applies. */
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const id = form.id;
  const { object } = prefill;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setEdited(new Set());
    const element = event.currentTarget;
    const body = new FormData(element);
    const local = checkReport({
      subject: formValue(element, 'subject'),
      email: formValue(element, 'email'),
      message: formValue(element, 'message'),
      referrer: '',
      object_type: formValue(element, 'object_type'),
      object_id: formValue(element, 'object_id'),
    });
    local.push(...checkFile(body.get('file')));
    if (formValue(element, CAPTCHA_FIELD) === '') {
      local.push({ field: CAPTCHA_FIELD, code: 'captcha_required' });
    }
    await form.run(local, async () => {
      try {
        await postMultipart('/api/report.php', body);
      } catch (error) {
        setRound((was) => was + 1);
        throw error;
      }
      onSent();
    });
  }

  const error = (field: string) => (edited.has(field) ? undefined : form.fieldError(field));
  const described = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;
  const messageError = error('message');
  const fileError = error('file');
  const subjectError = error('subject');
  const formError = form.formError;

  return (
    <form
      ref={form.formRef}
      className={auth.form}
      onSubmit={submit}
      onInput={(event) => {
        const { name } = event.target as HTMLInputElement;
        if (name && !edited.has(name)) setEdited(new Set(edited).add(name));
      }}
      noValidate
    >
      {object ? (
        <p className={styles.about}>
          <span className={styles.aboutTerm}>{t(`contact.objects.${object.type}`)}</span>{' '}
          {prefill.label ? `“${prefill.label}”` : `#${object.id}`}
        </p>
      ) : (
        <p className={auth.intro}>{t('contact.intro')}</p>
      )}
      <input type="hidden" name="referrer" value={`${location.pathname}${location.search}`} />
      {object ? (
        <>
          <input type="hidden" name="object_type" value={object.type} />
          <input type="hidden" name="object_id" value={String(object.id)} />
        </>
      ) : null}

      <div className={auth.field}>
        <label htmlFor={`${id}-subject`}>{t('contact.subject')}</label>
        <select
          id={`${id}-subject`}
          name="subject"
          className={styles.select}
          defaultValue={prefill.subject ?? 'support'}
          aria-invalid={subjectError ? true : undefined}
          aria-describedby={subjectError ? `${id}-subject-error` : undefined}
        >
          {REPORT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {t(`contact.subjects.${subject}`)}
            </option>
          ))}
        </select>
        {subjectError ? (
          <span id={`${id}-subject-error`} className={auth.error}>
            {errorText(t, subjectError.code)}
          </span>
        ) : null}
      </div>

      <FormField
        formId={id}
        name="email"
        label={t('contact.email')}
        error={error('email')}
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
      />

      <div className={auth.field}>
        <label htmlFor={`${id}-message`}>{t('contact.message')}</label>
        <textarea
          id={`${id}-message`}
          name="message"
          className={styles.textarea}
          rows={5}
          maxLength={REPORT_LIMITS.messageMax}
          required
          onChange={(event) => setLength(event.currentTarget.value.length)}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={described(
            `${id}-message-count`,
            !!messageError && `${id}-message-error`,
          )}
        />
        <span id={`${id}-message-count`} className={auth.hint}>
          {t('contact.messageCount', { n: length, max: REPORT_LIMITS.messageMax })}
        </span>
        {messageError ? (
          <span id={`${id}-message-error`} className={auth.error}>
            {errorText(t, messageError.code, reportErrorInfo('message', messageError.code))}
          </span>
        ) : null}
      </div>

      <div className={auth.field}>
        <label htmlFor={`${id}-file`}>{t('contact.file')}</label>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          className={styles.file}
          accept={REPORT_LIMITS.accept}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={described(`${id}-file-hint`, !!fileError && `${id}-file-error`)}
        />
        <span id={`${id}-file-hint`} className={auth.hint}>
          {t('contact.fileHint', { size: MAX_MB })}
        </span>
        {fileError ? (
          <span id={`${id}-file-error`} className={auth.error}>
            {errorText(t, fileError.code)}
          </span>
        ) : null}
      </div>

      <CaptchaField key={round} action="contact" error={error(CAPTCHA_FIELD)} />
      {formError?.field === 'object_id' ? (
        // The object went while the form was open: say so, not "invalid parameters".
        <p role="alert" className={auth.error}>
          {t('contact.objectGone')}
        </p>
      ) : (
        <FormAlert error={formError} />
      )}
      <button type="submit" className={auth.submit} disabled={form.busy}>
        {t('contact.submit')}
      </button>
    </form>
  );
}
