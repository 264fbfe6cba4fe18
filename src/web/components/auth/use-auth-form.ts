import { useEffect, useId, useRef, useState } from 'react';
import type { FieldError } from '../../../contracts/auth.rules.ts';
import { failureErrors, splitErrors } from '../../lib/form-errors.ts';

/**
 * The state of an account form: its errors (the rules' before the call, the server's after
 * it) and whether a call is under way. After a failed try the first field in error takes
 * the focus, so its message is read out.
 */
export function useAuthForm(fields: readonly string[]) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (errors.length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  /**
   * Shows `local` (the rules' errors) or, when there are none, makes the call. A success
   * leaves the form busy: the caller replaces the form or loads another page.
   */
  async function run(local: FieldError[], call: () => Promise<void>): Promise<void> {
    setErrors(local);
    if (local.length > 0) return;
    setBusy(true);
    try {
      await call();
    } catch (error) {
      setBusy(false);
      setErrors(failureErrors(error));
    }
  }

  const { byField, form } = splitErrors(errors, fields);
  return {
    id,
    formRef,
    busy,
    run,
    fieldError: (field: string) => byField.get(field),
    formError: form,
  };
}

/** A text field of a submitted form. */
export function formValue(form: HTMLFormElement, name: string): string {
  const value = new FormData(form).get(name);
  return typeof value === 'string' ? value : '';
}
