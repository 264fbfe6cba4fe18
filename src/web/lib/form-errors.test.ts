import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { failureErrors, splitErrors } from './form-errors.ts';

describe('failureErrors', () => {
  it('keeps the per-field codes of a form failure', () => {
    const error = new ApiError(400, {
      error: 'Invalid',
      code: 'username_occupied',
      field: 'username',
      codes: [
        { field: 'username', code: 'username_occupied' },
        { field: 'email', code: 'email_occupied' },
      ],
    });
    expect(failureErrors(error)).toEqual([
      { field: 'username', code: 'username_occupied' },
      { field: 'email', code: 'email_occupied' },
    ]);
  });

  it('gives a failure without a field to the whole form', () => {
    const error = new ApiError(429, { error: 'Too many', code: 'too_many_attempts' });
    expect(failureErrors(error)).toEqual([{ field: 'form', code: 'too_many_attempts' }]);
    expect(
      failureErrors(
        new ApiError(400, {
          error: 'x',
          code: 'required',
          codes: [{ field: '', code: 'required' }],
        }),
      ),
    ).toEqual([{ field: 'form', code: 'required' }]);
  });

  it('says general_error for anything that is not an API failure', () => {
    expect(failureErrors(new TypeError('boom'))).toEqual([
      { field: 'form', code: 'general_error' },
    ]);
  });
});

describe('splitErrors', () => {
  it('shows the first error of each field and the rest on the form', () => {
    const { byField, form } = splitErrors(
      [
        { field: 'pwd', code: 'required' },
        { field: 'pwd', code: 'min_length' },
        { field: 'token', code: 'link_expired' },
        { field: 'form', code: 'too_many_attempts' },
      ],
      ['pwd'],
    );
    expect([...byField]).toEqual([['pwd', { field: 'pwd', code: 'required' }]]);
    expect(form).toEqual({ field: 'token', code: 'link_expired' });
  });

  it('has no form error when every error has its field', () => {
    expect(
      splitErrors([{ field: 'email', code: 'email_invalid' }], ['email']).form,
    ).toBeUndefined();
  });
});
