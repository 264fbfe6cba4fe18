import type { FieldError } from '../../contracts/auth.rules.ts';
import { isApiError } from '../api/client.ts';

// A failed form call as field errors (SPEC.md §5 "Server errors shown per field"). A code
// without a field, or for a field the form does not show, belongs to the whole form.

export const FORM_FIELD = 'form';

export function failureErrors(error: unknown): FieldError[] {
  if (isApiError(error) && error.codes.length > 0) {
    return error.codes.map(({ field, code }) => ({ field: field || FORM_FIELD, code }));
  }
  return [{ field: FORM_FIELD, code: isApiError(error) ? error.code : 'general_error' }];
}

/** The first error of each shown field, and the first of the rest as the form's error. */
export function splitErrors(
  errors: FieldError[],
  fields: readonly string[],
): { byField: Map<string, FieldError>; form: FieldError | undefined } {
  const byField = new Map<string, FieldError>();
  let form: FieldError | undefined;
  for (const error of errors) {
    if (fields.includes(error.field)) {
      if (!byField.has(error.field)) byField.set(error.field, error);
    } else {
      form ??= error;
    }
  }
  return { byField, form };
}
