import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldError, SIGNUP_RULES } from '../../../contracts/auth.rules.ts';
import { BIRTH_AGE, profileErrorInfo } from '../../../contracts/profile.rules.ts';
import { errorText } from '../../lib/errors.ts';
import { failureErrors, splitErrors } from '../../lib/form-errors.ts';
import styles from './profile-edit.module.css';

// What the forms of the /edit/ screen share: their errors (the rules' before the call, the
// server's `codes` after it, each under its field), the busy state, focus on the first
// field in error after a failed try, and one labelled field with hint and message.

export function useEditForm(fields: readonly string[]) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [failedTries, setFailedTries] = useState(0);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (failedTries === 0) return;
    const form = formRef.current;
    (
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form?.querySelector<HTMLElement>('[data-form-alert]')
    )?.focus();
  }, [failedTries]);

  /** Shows `local` or, when there are none, makes the call; true when it succeeded. */
  async function run(local: FieldError[], call: () => Promise<void>): Promise<boolean> {
    setErrors(local);
    if (local.length > 0) {
      setFailedTries((n) => n + 1);
      return false;
    }
    setBusy(true);
    try {
      await call();
      return true;
    } catch (error) {
      if (mounted.current) {
        setErrors(failureErrors(error));
        setFailedTries((n) => n + 1);
      }
      return false;
    } finally {
      if (mounted.current) setBusy(false);
    }
  }

  /** An edited field's error goes: it described the value that was there. */
  function clear(field: string) {
    setErrors((now) =>
      now.some((e) => e.field === field) ? now.filter((e) => e.field !== field) : now,
    );
  }

  const { byField, form } = splitErrors(errors, fields);
  return {
    id,
    formRef,
    busy,
    run,
    clear,
    fieldError: (f: string) => byField.get(f),
    formError: form,
  };
}

export type EditForm = ReturnType<typeof useEditForm>;

/** The message of a field's failure, with the numbers it names. */
export function fieldMessage(t: TFunction, field: string, code: string): string {
  if (field === 'birth_date' && code === 'invalid_params') {
    return t('edit.birthDateInvalid', { min: BIRTH_AGE.min });
  }
  if (field === 'new_pwd' && (code === 'min_length' || code === 'max_length')) {
    return errorText(t, code, {
      length: code === 'min_length' ? SIGNUP_RULES.passwordMin : SIGNUP_RULES.passwordMax,
    });
  }
  return errorText(t, code, profileErrorInfo(field, code));
}

export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** One labelled control: the hint and the error describe it, `aria-invalid` marks it. */
export function Field({
  form,
  name,
  label,
  hint,
  children,
}: {
  form: EditForm;
  name: string;
  label: string;
  hint?: string | undefined;
  children: (props: ControlProps) => ReactNode;
}) {
  const { t } = useTranslation();
  const controlId = `${form.id}-${name}`;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const error = form.fieldError(name);
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={controlId}>{label}</label>
      {children({
        id: controlId,
        name,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.error}>
          {fieldMessage(t, name, error.code)}
        </span>
      ) : null}
    </div>
  );
}

/** The failure of the whole form (a refused call without a field of this form). */
export function FormAlert({ error }: { error: FieldError | undefined }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p role="alert" tabIndex={-1} data-form-alert className={styles.error}>
      {errorText(t, error.code)}
    </p>
  );
}
