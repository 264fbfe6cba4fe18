import type { FormEvent, RefObject } from 'react';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import styles from './comment-form.module.css';

// One text field with a hint, a submit button and the failure under it: the form of a
// comment, a wall post and a message to a member. Its owner checks and sends the text.

export interface TextFormError {
  code: string;
  info?: Record<string, string | number> | undefined;
}

export function TextForm({
  label,
  name,
  value,
  onChange,
  hint,
  submitLabel,
  busy,
  error,
  fieldRef,
  maxLength,
  onSubmit,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  hint: string;
  submitLabel: string;
  busy: boolean;
  error: TextFormError | undefined;
  fieldRef: RefObject<HTMLTextAreaElement | null>;
  maxLength?: number;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy}>
      <label htmlFor={`${id}-${name}`} className={styles.label}>
        {label}
      </label>
      <textarea
        ref={fieldRef}
        id={`${id}-${name}`}
        name={name}
        rows={3}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className={styles.textarea}
      />
      <div className={styles.row}>
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
        <button type="submit" className={styles.submit} disabled={busy}>
          {submitLabel}
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
