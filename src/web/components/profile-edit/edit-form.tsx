import type { ReactNode } from 'react';
import { type FieldError, SIGNUP_RULES } from '../../../contracts/auth.rules.ts';
import { BIRTH_AGE, profileErrorInfo } from '../../../contracts/profile.rules.ts';
import type { EditForm } from '../../hooks/use-edit-form.ts';
import type { TFunction } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { errorText } from '../../lib/errors.ts';
import styles from './profile-edit.module.css';

// What the forms of the /edit/ screen share besides their state (useEditForm): the words
// of a field's failure and one labelled field with hint and message.

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
