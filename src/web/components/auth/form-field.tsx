import type { InputHTMLAttributes } from 'react';
import { type FieldError, lengthInfo } from '../../../contracts/auth.rules.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import styles from './auth.module.css';

/**
 * One labelled input of an account form. Its error (and hint) describe the input, and
 * `aria-invalid` marks it, so a screen reader reads the message with the field.
 */
export function FormField({
  formId,
  name,
  label,
  error,
  hint,
  ...input
}: {
  /** The form's `useId`, so ids stay unique when a page shows two forms. */
  formId: string;
  name: string;
  label: string;
  error: FieldError | undefined;
  hint?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>) {
  const { t } = useTranslation();
  const inputId = `${formId}-${name}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  // The hint and the error sit outside the <label>: they describe the input, not name it.
  return (
    <div className={styles.field}>
      <label htmlFor={inputId}>{label}</label>
      <input
        {...input}
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.error}>
          {errorText(t, error.code, lengthInfo(name, error.code))}
        </span>
      ) : null}
    </div>
  );
}

/** The error of the whole form (too many attempts, an expired link, a failed call). */
export function FormAlert({ error }: { error: FieldError | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p role="alert" className={styles.error}>
      {errorText(t, error.code)}
    </p>
  );
}
