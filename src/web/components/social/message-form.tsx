import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastTitle } from '../../../contracts/format.ts';
import {
  MESSAGE_LIMITS,
  type Message,
  type SendMessageResponse,
} from '../../../contracts/social.schema.ts';
import { isApiError, postForm } from '../../api/client.ts';
import { errorText } from '../../lib/errors.ts';
import styles from '../comments/comment-form.module.css';
import { useOverlays } from '../overlays/overlays.tsx';

// Writing to another member (messages.php `section=send`). Empty or too long text is caught
// before the call; the server's field failure shows under the form, a notify code as a toast.

export function MessageForm({
  to,
  name,
  onSent,
}: {
  to: number;
  name: string;
  onSent: (message: Message) => void;
}) {
  const { t } = useTranslation();
  const { toast, toastFailure } = useOverlays();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<{ code: string; info?: Record<string, string | number> }>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const body = text.trim();
    const local =
      body.length < MESSAGE_LIMITS.min
        ? { code: 'required' }
        : body.length > MESSAGE_LIMITS.max
          ? { code: 'max_length', info: { length: MESSAGE_LIMITS.max } }
          : undefined;
    setError(local);
    if (local) {
      field.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await postForm<SendMessageResponse>('/api/messages.php', {
        section: 'send',
        to: String(to),
        message: body,
      });
      setText('');
      onSent(answer.message);
      toast('success', t('notify.message_sent', { name: toastTitle(name) }));
    } catch (failure) {
      if (isApiError(failure) && failure.field === 'message') {
        setError({ code: failure.code, ...(failure.info ? { info: failure.info } : {}) });
        field.current?.focus();
      } else {
        toastFailure(failure);
      }
    } finally {
      setBusy(false);
    }
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy}>
      <label htmlFor={`${id}-message`} className={styles.label}>
        {t('messages.label', { name })}
      </label>
      <textarea
        ref={field}
        id={`${id}-message`}
        name="message"
        rows={3}
        maxLength={MESSAGE_LIMITS.max}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={styles.textarea}
      />
      <div className={styles.row}>
        <span id={hintId} className={styles.hint}>
          {t('messages.hint', { max: MESSAGE_LIMITS.max })}
        </span>
        <button type="submit" className={styles.submit} disabled={busy}>
          {t('messages.submit')}
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className={styles.error}>
          {errorText(t, error.code, error.info)}
        </p>
      ) : null}
    </form>
  );
}
