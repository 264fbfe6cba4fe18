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

// Sign-up (SPEC.md §5 "Signup messages"): username of latin letters, digits, `_`, `-` and `.`
// (3-32, starting with a letter or digit), a valid email, a password of at least 5.

export const SIGNUP_RULES = {
  usernameMin: 3,
  usernameMax: 32,
  emailMax: 254,
  passwordMin: 5,
  passwordMax: 128,
} as const;

const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
// Deliberately plain: one @, a dot in the domain, no spaces. The confirmation mail proves it.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= SIGNUP_RULES.emailMax && EMAIL.test(value);
}

export function checkEmail(email: string, field = 'email'): FieldError[] {
  const value = email.trim();
  if (value === '') return [{ field, code: 'required' }];
  if (!isEmail(value)) return [{ field, code: 'email_invalid' }];
  return [];
}

export function checkNewPassword(pwd: string, field = 'pwd'): FieldError[] {
  if (pwd === '') return [{ field, code: 'required' }];
  if (pwd.length < SIGNUP_RULES.passwordMin) return [{ field, code: 'min_length' }];
  if (pwd.length > SIGNUP_RULES.passwordMax) return [{ field, code: 'max_length' }];
  return [];
}

export function checkSignup(input: { username: string; email: string; pwd: string }): FieldError[] {
  const errors: FieldError[] = [];
  const username = input.username.trim();
  if (username === '') errors.push({ field: 'username', code: 'required' });
  else if (!USERNAME.test(username)) errors.push({ field: 'username', code: 'username_invalid' });
  else if (username.length < SIGNUP_RULES.usernameMin)
    errors.push({ field: 'username', code: 'min_length' });
  else if (username.length > SIGNUP_RULES.usernameMax)
    errors.push({ field: 'username', code: 'max_length' });
  errors.push(...checkEmail(input.email), ...checkNewPassword(input.pwd));
  return errors;
}

/** `info` of a length failure, for "Must be at least {length} characters long". */
export function lengthInfo(field: string, code: string): Record<string, number> | undefined {
  if (code === 'min_length') {
    if (field === 'username') return { length: SIGNUP_RULES.usernameMin };
    if (field === 'pwd') return { length: SIGNUP_RULES.passwordMin };
  }
  if (code === 'max_length') {
    if (field === 'username') return { length: SIGNUP_RULES.usernameMax };
    if (field === 'pwd') return { length: SIGNUP_RULES.passwordMax };
    if (field === 'email') return { length: SIGNUP_RULES.emailMax };
  }
  return undefined;
}
