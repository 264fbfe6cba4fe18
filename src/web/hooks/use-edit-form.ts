import { useEffect, useId, useRef, useState } from 'react';
import type { FieldError } from '../../contracts/auth.rules.ts';
import { failureErrors, splitErrors } from '../lib/form-errors.ts';

// What a form that edits something shares (the /edit/ screen's forms, the 2257 record
// dialog): its errors (the rules' before the call, the server's `codes` after it, each under
// its field), the busy state, and focus on the first field in error after a failed try.

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

  /** Edited fields' errors go: they described the values that were there. */
  function clear(...edited: string[]) {
    setErrors((now) =>
      now.some((e) => edited.includes(e.field))
        ? now.filter((e) => !edited.includes(e.field))
        : now,
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
    /** Every shown field's error, for a part of the form that lays out its own fields. */
    fieldErrors: byField,
    formError: form,
  };
}

export type EditForm = ReturnType<typeof useEditForm>;
