import { checkNewPassword, type FieldError, isEmail } from './auth.rules.ts';
import { COUNTRY_CODES, PROFILE_IMAGE_MIN } from './constants.ts';

// The member's own profile (SPEC.md §3 User, §7 `POST /api/member.php`): the rules of the
// edit form, shared by the server (parsing `section=upd`) and the /edit/ screen (checking
// before the call). Form names are the public profile's JSON names and the users columns.
// Every field is optional: '' clears it. A field left out of a call keeps its value.

export const PROFILE_FIELDS = [
  'gender',
  'birth_date',
  'relationship',
  'orientation',
  'country',
  'city',
  'education',
  'occupation',
  'website',
  'interests',
  'about',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
/** Every field as the form holds it: a string, '' when not given. */
export type ProfileValues = Record<ProfileField, string>;

/** SPEC.md §3 value tables: gender 1-3, relationship 1-3, orientation 1-5. */
export const PROFILE_CHOICES = {
  gender: ['1', '2', '3'],
  relationship: ['1', '2', '3'],
  orientation: ['1', '2', '3', '4', '5'],
} as const satisfies Partial<Record<ProfileField, readonly string[]>>;

/** Longest value of each text field (UTF-16 units, as the form's `maxlength` counts). */
export const PROFILE_LIMITS = {
  city: 80,
  education: 100,
  occupation: 100,
  website: 200,
  interests: 500,
  about: 1500,
} as const satisfies Partial<Record<ProfileField, number>>;

/** A member is an adult (the site is adults only); older than this is a typing slip. */
export const BIRTH_AGE = { min: 18, max: 120 } as const;

/** Picture uploads (`u_ava`, `u_cover`): SPEC.md §5 "Profile image at least 1250x250". */
export const PROFILE_IMAGES = {
  maxBytes: 10 * 1024 * 1024,
  avatarMin: { width: 100, height: 100 },
  coverMin: PROFILE_IMAGE_MIN,
  /** What the file picker offers; the server decides by the decoded content, not the type. */
  accept: 'image/jpeg,image/png,image/webp,image/gif,image/avif',
} as const;

export const PASSWORD_FIELDS = ['pwd', 'new_pwd'] as const;

const MULTILINE: readonly ProfileField[] = ['interests', 'about'];
const RAW_MAX = 10_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/** Single-line text: control characters and runs of spaces become one space. */
function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  return value.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim();
}

/** Multi-line text: newlines kept (at most one empty line in a row), other controls gone. */
function multiLine(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/**
 * A website as stored: an http(s) URL with a dotted host and no credentials. A bare
 * `example.com` gets `https://`. Undefined when it cannot be one.
 */
export function normalizeWebsite(raw: string): string | undefined {
  const text = raw.trim();
  if (text === '') return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username !== '' || url.password !== '' || !HOST.test(url.hostname)) return undefined;
  return url.href;
}

/** Whole years between a YYYY-MM-DD birth date and `today` (UTC); undefined if not a date. */
export function ageOn(birthDate: string, today: Date): number | undefined {
  const match = DATE.exec(birthDate);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return undefined;
  }
  const beforeBirthday =
    today.getUTCMonth() < month - 1 ||
    (today.getUTCMonth() === month - 1 && today.getUTCDate() < day);
  return today.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

/** The birth dates the form accepts (`min`/`max` of the date input): ages 18 to 120. */
export function birthDateBounds(today: Date): { min: string; max: string } {
  const shift = (years: number, days: number) => {
    const date = new Date(
      Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + days),
    );
    return date.toISOString().slice(0, 10);
  };
  // The youngest is 18 today; the oldest turns 121 tomorrow.
  return { min: shift(BIRTH_AGE.max + 1, 1), max: shift(BIRTH_AGE.min, 0) };
}

/** One field's stored value, or its failure code. */
function checkField(
  field: ProfileField,
  raw: string,
  today: Date,
): { value: string } | { code: FieldError['code'] } {
  if (raw.length > RAW_MAX) return { code: 'max_length' };
  switch (field) {
    case 'gender':
    case 'relationship':
    case 'orientation': {
      const value = raw.trim();
      const known: readonly string[] = PROFILE_CHOICES[field];
      return value === '' || known.includes(value) ? { value } : { code: 'invalid_params' };
    }
    case 'country': {
      const value = raw.trim().toLowerCase();
      return value === '' || (COUNTRY_CODES as readonly string[]).includes(value)
        ? { value }
        : { code: 'invalid_params' };
    }
    case 'birth_date': {
      const value = raw.trim();
      if (value === '') return { value };
      const age = ageOn(value, today);
      // Not a real date, under 18 or over 120: one code, explained under the field.
      return age !== undefined && age >= BIRTH_AGE.min && age <= BIRTH_AGE.max
        ? { value }
        : { code: 'invalid_params' };
    }
    case 'website': {
      const value = normalizeWebsite(oneLine(raw));
      if (value === undefined) return { code: 'invalid_url' };
      return value.length > PROFILE_LIMITS.website ? { code: 'max_length' } : { value };
    }
    default: {
      const value = MULTILINE.includes(field) ? multiLine(raw) : oneLine(raw);
      return value.length > PROFILE_LIMITS[field] ? { code: 'max_length' } : { value };
    }
  }
}

export type ProfileParse =
  | { ok: true; value: Partial<ProfileValues> }
  | { ok: false; errors: FieldError[] };

/**
 * The changes of a `section=upd` body: the known fields it carries, normalised. Unknown
 * fields are ignored; a value that is not a string is `invalid_params`.
 */
export function parseProfileUpdate(raw: unknown, today = new Date()): ProfileParse {
  const body = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const value: Partial<ProfileValues> = {};
  const errors: FieldError[] = [];
  for (const field of PROFILE_FIELDS) {
    const given = body[field];
    if (given === undefined) continue;
    if (typeof given !== 'string') {
      errors.push({ field, code: 'invalid_params' });
      continue;
    }
    const checked = checkField(field, given, today);
    if ('code' in checked) errors.push({ field, code: checked.code });
    else value[field] = checked.value;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value };
}

/** The form's check before the call: the same rules on every field. */
export function checkProfile(values: ProfileValues, today = new Date()): FieldError[] {
  const parsed = parseProfileUpdate(values, today);
  return parsed.ok ? [] : parsed.errors;
}

/** `section=pwd`: the current password is needed; the new one follows the sign-up rules. */
// The email change (decision 0034): the new address and the current password. The address
// changes only when the link mailed to it is opened.

export const EMAIL_FIELDS = ['email', 'pwd'] as const;

/** How long the link to the new address works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

export function checkEmailChange(input: { email: string; pwd: string }): FieldError[] {
  const errors: FieldError[] = [];
  const email = input.email.trim();
  // SPEC.md §8 form codes: `eml_invalid` (sign-up has its own `email_invalid`).
  if (email === '') errors.push({ field: 'email', code: 'required' });
  else if (!isEmail(email)) errors.push({ field: 'email', code: 'eml_invalid' });
  if (input.pwd === '') errors.push({ field: 'pwd', code: 'required' });
  return errors;
}

export function checkPasswordChange(input: { pwd: string; new_pwd: string }): FieldError[] {
  const errors: FieldError[] = [];
  if (input.pwd === '') errors.push({ field: 'pwd', code: 'required' });
  errors.push(...checkNewPassword(input.new_pwd, 'new_pwd'));
  return errors;
}

/** The `{length}` of a length failure of a profile field, for its message. */
export function profileErrorInfo(field: string, code: string): Record<string, number> | undefined {
  if (code !== 'max_length') return undefined;
  const limit = (PROFILE_LIMITS as Record<string, number>)[field];
  return limit === undefined ? undefined : { length: limit };
}
