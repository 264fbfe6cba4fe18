import { type FormEvent, useId, useRef, useState } from 'react';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import { COUNTER_NOTICE_PATH, type CounterNoticeAnswer } from '../../../contracts/dmca.schema.ts';
import { DMCA_LIMITS } from '../../../contracts/dmca.ts';
import { postForm } from '../../api/client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import { failureErrors, splitErrors } from '../../lib/form-errors.ts';
import { Modal } from '../overlays/modal.tsx';
import formStyles from '../playlist/playlist-form.module.css';
import styles from './my-uploads.module.css';

// The DMCA counter-notice (17 U.S.C. §512(g)(3), decision 0049): the member's name, address
// and phone, the removed video (named for them), the two sworn statements as boxes they tick,
// and their signature. The claimant gets a copy. Loaded when first opened.

const FIELDS = ['name', 'address', 'phone', 'mistake', 'consent', 'signature'] as const;
type Field = (typeof FIELDS)[number];
const TEXTS = ['name', 'address', 'phone', 'signature'] as const;
const MAX: Record<(typeof TEXTS)[number], number> = {
  name: DMCA_LIMITS.name,
  address: DMCA_LIMITS.address,
  phone: DMCA_LIMITS.phone,
  signature: DMCA_LIMITS.signature,
};

export default function CounterNoticeDialog({
  title,
  url,
  itemId,
  onSent,
  onClose,
}: {
  /** The removed video's title and the URL the notice named: what is countered. */
  title: string;
  url: string;
  itemId: number;
  onSent: (answer: CounterNoticeAnswer) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ name: '', address: '', phone: '', signature: '' });
  const [ticked, setTicked] = useState({ mistake: false, consent: false });
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  function focusFirst(list: FieldError[]) {
    const first = list.find((error) => (FIELDS as readonly string[]).includes(error.field));
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first.field}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const local: FieldError[] = [];
    for (const name of FIELDS) {
      if (name === 'mistake' || name === 'consent') {
        if (!ticked[name]) local.push({ field: name, code: 'required' });
        continue;
      }
      const value = values[name].trim();
      if (value === '') local.push({ field: name, code: 'required' });
      else if (value.length > MAX[name]) local.push({ field: name, code: 'max_length' });
    }
    setErrors(local);
    if (local.length > 0) {
      focusFirst(local);
      return;
    }
    setBusy(true);
    try {
      const answer = await postForm<CounterNoticeAnswer>(COUNTER_NOTICE_PATH, {
        item_id: String(itemId),
        name: values.name.trim(),
        address: values.address.trim(),
        phone: values.phone.trim(),
        mistake: '1',
        consent: '1',
        signature: values.signature.trim(),
      });
      onSent(answer);
    } catch (error) {
      const failed = failureErrors(error);
      setErrors(failed);
      setBusy(false);
      focusFirst(failed);
    }
  }

  const { byField, form } = splitErrors(errors, FIELDS);
  const fieldId = (name: Field) => `${id}-${name}`;
  const errorOf = (name: Field) => {
    const error = byField.get(name);
    return error ? (
      <span id={`${fieldId(name)}-error`} className={formStyles.error}>
        {errorText(t, error.code, { length: name in MAX ? MAX[name as keyof typeof MAX] : 0 })}
      </span>
    ) : null;
  };
  const textField = (name: (typeof TEXTS)[number], label: string, multiline = false) => {
    const props = {
      id: fieldId(name),
      name,
      value: values[name],
      required: true,
      maxLength: MAX[name],
      'aria-invalid': byField.has(name) ? true : undefined,
      'aria-describedby': byField.has(name) ? `${fieldId(name)}-error` : undefined,
      onChange: (event: { target: { value: string } }) => {
        setValues((now) => ({ ...now, [name]: event.target.value }));
        setErrors([]);
      },
    };
    return (
      <div className={formStyles.field}>
        <label htmlFor={fieldId(name)}>{label}</label>
        {multiline ? (
          <textarea rows={3} {...props} />
        ) : (
          <input
            type={name === 'phone' ? 'tel' : 'text'}
            autoComplete={name === 'phone' ? 'tel' : name === 'name' ? 'name' : 'off'}
            {...props}
          />
        )}
        {errorOf(name)}
      </div>
    );
  };
  const checkField = (name: 'mistake' | 'consent', label: string) => (
    <label className={styles.check}>
      <input
        type="checkbox"
        name={name}
        checked={ticked[name]}
        aria-invalid={byField.has(name) ? true : undefined}
        aria-describedby={byField.has(name) ? `${fieldId(name)}-error` : undefined}
        onChange={(event) => {
          const { checked } = event.target;
          setTicked((now) => ({ ...now, [name]: checked }));
          setErrors([]);
        }}
      />
      <span>{label}</span>
      {byField.has(name) ? <span className={styles.checkError}>{errorOf(name)}</span> : null}
    </label>
  );

  return (
    <Modal title={t('myUploads.counterTitle')} onClose={onClose}>
      <form ref={formRef} className={formStyles.form} onSubmit={submit} noValidate aria-busy={busy}>
        <p className={styles.dialogIntro}>{t('myUploads.counterIntro')}</p>
        <div>
          <p className={styles.dialogReason}>{t('myUploads.counterVideo')}</p>
          <p className={styles.dialogVideo}>{title}</p>
          <p className={styles.dialogReason}>{url}</p>
        </div>
        {textField('name', t('myUploads.counterName'))}
        {textField('address', t('myUploads.counterAddress'), true)}
        {textField('phone', t('myUploads.counterPhone'))}
        {checkField('mistake', t('myUploads.counterMistake'))}
        {checkField('consent', t('myUploads.counterConsent'))}
        {textField('signature', t('myUploads.counterSignature'))}
        {form ? (
          <p role="alert" className={formStyles.error}>
            {form.code === 'already_added'
              ? t('myUploads.counterAlready')
              : errorText(t, form.code)}
          </p>
        ) : null}
        <div className={formStyles.buttons}>
          <button type="button" className={formStyles.cancel} onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className={formStyles.submit} disabled={busy}>
            {busy ? t('myUploads.counterSending') : t('myUploads.counterSend')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
