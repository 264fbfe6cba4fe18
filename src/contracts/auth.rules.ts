import type { ErrorCode } from './errors.ts';

// The sign-in rules of SPEC.md §5, shared by the Login modal and the server: both fields
// are required, and a username under 3 or a password under 5 characters cannot belong to
// an account, so it is refused as `invalid_usr_or_pwd` without asking the server.

export const LOGIN_RULES = { usernameMin: 3, passwordMin: 5 } as const;

export interface FieldError {
  field: string;
  code: ErrorCode;
}

export function checkLogin(usr: string, pwd: string): FieldError[] {
  const errors: FieldError[] = [];
  if (usr.trim() === '') errors.push({ field: 'usr', code: 'required' });
  if (pwd === '') errors.push({ field: 'pwd', code: 'required' });
  if (errors.length > 0) return errors;
  if (usr.trim().length < LOGIN_RULES.usernameMin || pwd.length < LOGIN_RULES.passwordMin) {
    errors.push({ field: 'pwd', code: 'invalid_usr_or_pwd' });
  }
  return errors;
}
