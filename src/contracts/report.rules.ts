import { checkEmail, type FieldError } from './auth.rules.ts';

// The contact / report form (SPEC.md §5 "Contact form", §7 `POST /api/report.php`), shared
// by the ContactUs modal (checked before the call) and the server (checked again). A
// "Report" entry on a video, comment, album or member page opens the same form with the
// object it is about filled in.

/** SPEC.md §3 "Contact subjects". */
export const REPORT_SUBJECTS = ['dmca', 'technical', 'inappropriate', 'support'] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];

/** What a report may be about. */
export const REPORT_OBJECTS = ['video', 'album', 'comment', 'member'] as const;
export type ReportObjectType = (typeof REPORT_OBJECTS)[number];

export interface ReportObject {
  type: ReportObjectType;
  id: number;
}

export const REPORT_LIMITS = {
  /** SPEC.md §9 "Contact message max 1500" (UTF-16 units, as the textarea's maxlength). */
  messageMax: 1500,
  /** The page the form was sent from; longer is cut, never refused. */
  referrerMax: 500,
  /** The attachment, as avatars (decision 0017): 10 MB in, any size out of it. */
  fileMaxBytes: 10 * 1024 * 1024,
  /** What the file picker offers; the server decides by the decoded content, not the type. */
  accept: 'image/jpeg,image/png,image/webp,image/gif,image/avif',
} as const;

/** Form fields of the call, besides `file` and `captcha`. */
export const REPORT_FIELDS = [
  'subject',
  'email',
  'message',
  'referrer',
  'object_type',
  'object_id',
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

export function isReportSubject(value: unknown): value is ReportSubject {
  return typeof value === 'string' && (REPORT_SUBJECTS as readonly string[]).includes(value);
}

export function isReportObjectType(value: unknown): value is ReportObjectType {
  return typeof value === 'string' && (REPORT_OBJECTS as readonly string[]).includes(value);
}

const OBJECT_ID = /^[1-9]\d{0,9}$/;

/**
 * The object of `object_type` and `object_id`: none when both are empty, undefined when
 * they do not name one (half given, an unknown type, not an id).
 */
export function parseReportObject(type: string, id: string): ReportObject | null | undefined {
  if (type === '' && id === '') return null;
  if (!isReportObjectType(type) || !OBJECT_ID.test(id)) return undefined;
  const value = Number(id);
  return value <= 2_147_483_647 ? { type, id: value } : undefined;
}

/**
 * The message as kept: a form sends line breaks as CRLF (the textarea counted them as one
 * character each), so they are made LF before the length is checked.
 */
export function reportMessage(raw: string): string {
  return raw.replace(/\r\n?/g, '\n').trim();
}

/** The form's failures before anything else is looked at (the file and captcha aside). */
export function checkReport(input: Record<ReportField, string>): FieldError[] {
  const errors: FieldError[] = [];
  if (input.subject === '') errors.push({ field: 'subject', code: 'required' });
  else if (!isReportSubject(input.subject))
    errors.push({ field: 'subject', code: 'invalid_params' });
  errors.push(...checkEmail(input.email));
  const message = reportMessage(input.message);
  if (message === '') errors.push({ field: 'message', code: 'required' });
  else if (message.length > REPORT_LIMITS.messageMax) {
    errors.push({ field: 'message', code: 'max_length' });
  }
  if (parseReportObject(input.object_type, input.object_id) === undefined) {
    errors.push({ field: 'object_id', code: 'invalid_params' });
  }
  return errors;
}

/** The `{length}` of a length failure of the form, for its message. */
export function reportErrorInfo(field: string, code: string): Record<string, number> | undefined {
  return field === 'message' && code === 'max_length'
    ? { length: REPORT_LIMITS.messageMax }
    : undefined;
}
