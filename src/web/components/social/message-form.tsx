import { type FormEvent, useRef, useState } from 'react';
import { toastTitle } from '../../../contracts/format.ts';
import {
  MESSAGE_LIMITS,
  type Message,
  type SendMessageResponse,
} from '../../../contracts/social.schema.ts';
import { isApiError, postForm } from '../../api/client.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { TextForm, type TextFormError } from '../comments/text-form.tsx';
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
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<TextFormError>();
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

  return (
    <TextForm
      label={t('messages.label', { name })}
      name="message"
      value={text}
      onChange={(value) => {
        setText(value);
        setError(undefined);
      }}
      hint={t('messages.hint', { max: MESSAGE_LIMITS.max })}
      submitLabel={t('messages.submit')}
      busy={busy}
      error={error}
      fieldRef={field}
      maxLength={MESSAGE_LIMITS.max}
      onSubmit={submit}
    />
  );
}
