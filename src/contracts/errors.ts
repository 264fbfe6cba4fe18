// The one catalogue of failure codes (SPEC.md §8). Every failure the server returns is one of
// these codes in the `{ error, code, field? }` shape; the web app translates them.

export const ERROR_CODES = [
  // Login and signup (SPEC.md §5, §8)
  'invalid_usr_or_pwd',
  'not_confirmed',
  'required',
  'too_many_attempts',
  'username_invalid',
  'username_occupied',
  'email_occupied',
  'link_expired',
  'csrf_failed',
  'captcha_required',
  'captcha_invalid',
  'account_banned',
  // Staff sign-in (decision 0038)
  'second_factor_required',
  'second_factor_invalid',
  'second_factor_expired',
  'staff_password_required',
  // Form codes
  'eml_doesnt_exist',
  'eml_invalid',
  'email_invalid',
  'invalid_password',
  /** Deleting an account without a password: the username typed is not the account's. */
  'username_mismatch',
  'invalid_url',
  'max_length',
  'min_length',
  'min_max_cats',
  'need_auth',
  'need_select_screenshot',
  'screen_upload_error',
  'video_bad_filename',
  'video_corrupted_file',
  'video_duplicate',
  'video_reupload_blocked',
  'video_size_limit',
  'video_upload_error',
  'file_invalid_type',
  'file_too_large',
  'video_too_short',
  'age_verification_failed',
  'age_verification_required',
  'sign_in_failed',
  'friend_cant_add_myself',
  'message_cant_send_myself',
  // 2257 records (issue 17, decision 0055)
  'performer_under_age',
  'records_missing',
  // Notify codes
  'already_added',
  'subscribe_cant_subscribe_myself',
  'vote_already_voted',
  'invalid_img_size',
  'album_photos_limit',
  // Empties and access
  'videos_not_found',
  'playlist_is_private',
  'no_permission',
  // Generic request failures
  'not_found',
  'bad_request',
  'invalid_sort',
  'invalid_params',
  'invalid_characters',
  'rate_limited',
  'general_error',
  'unavailable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiFailure {
  error: string;
  code: ErrorCode;
  field?: string;
  info?: Record<string, string | number>;
  /** Form calls: one entry per failing field (SPEC.md §7 login). */
  codes?: { field: string; code: ErrorCode }[];
}

/** HTTP status that goes with each generic code; form and notify codes answer 400. */
export function statusForCode(code: ErrorCode): number {
  switch (code) {
    case 'not_found':
    case 'videos_not_found':
      return 404;
    case 'need_auth':
      return 401;
    case 'no_permission':
    case 'playlist_is_private':
    case 'age_verification_required':
    case 'csrf_failed':
      return 403;
    case 'too_many_attempts':
    case 'rate_limited':
      return 429;
    case 'general_error':
      return 500;
    case 'unavailable':
      return 503;
    default:
      return 400;
  }
}

/** English text of each code: the server's `error` field. The web app shows translations. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  invalid_usr_or_pwd: 'Invalid username or password',
  not_confirmed: 'Please confirm your email and try again',
  required: 'This field is required',
  too_many_attempts: 'Too many authorization attempts. Try again later.',
  username_invalid: 'The username may hold only latin letters, digits, _, - and .',
  username_occupied: 'This username is already taken',
  email_occupied: 'An account with this email already exists',
  link_expired: 'This link has expired or has already been used',
  csrf_failed: 'Your session has changed. Reload the page and try again.',
  captcha_required: 'Please confirm that you are not a robot',
  captcha_invalid: 'The robot check did not pass, please try again',
  account_banned: 'This account has been banned. See the e-mail we sent you, or contact support.',
  second_factor_required: 'Enter the code from your authenticator app',
  second_factor_invalid: 'This code is wrong or has been used already',
  second_factor_expired: 'The sign-in took too long. Enter your password again.',
  staff_password_required: 'Staff accounts sign in with their password and a code, not with Google',
  eml_doesnt_exist: 'There is no account with this email',
  eml_invalid: 'Email is invalid',
  email_invalid: 'Email is invalid',
  invalid_password: 'Password is invalid',
  username_mismatch: 'This is not your username',
  invalid_url: 'URL is invalid',
  max_length: 'The value is too long',
  min_length: 'The value is too short',
  min_max_cats: 'Select the allowed number of categories',
  need_auth: 'Please log in to complete this action',
  need_select_screenshot: 'You must select a preview',
  screen_upload_error: 'The preview could not be uploaded',
  video_bad_filename: 'The file name may hold only latin letters and digits',
  video_corrupted_file: 'The video file is corrupted or is not a video',
  video_duplicate: 'This video has already been uploaded to the site.',
  video_reupload_blocked: 'This video matches one taken down from the site.',
  video_size_limit: 'The video file is too large',
  video_upload_error: 'Error uploading video to the site, please contact support',
  file_invalid_type: 'The file must be an image',
  file_too_large: 'The file is too large',
  video_too_short: 'The video is too short',
  age_verification_failed: 'We could not verify your age from this photo',
  age_verification_required: 'Verify your age to see this content',
  sign_in_failed: 'Signing in with Google failed, please try again',
  friend_cant_add_myself: 'You cannot add yourself as a friend',
  message_cant_send_myself: 'You cannot send a message to yourself',
  performer_under_age: 'Every performer must be 18 or older',
  records_missing: 'This video has no 2257 record: it cannot be published until one is filed',
  already_added: 'Already added',
  subscribe_cant_subscribe_myself: 'You cannot subscribe to yourself',
  vote_already_voted: 'You have already voted',
  invalid_img_size: 'The image is too small',
  album_photos_limit: 'The album cannot hold more photos',
  videos_not_found: 'Videos not found',
  playlist_is_private: 'This playlist is private',
  no_permission: 'You have no permission to view this',
  not_found: 'Not found',
  bad_request: 'Bad request',
  invalid_sort: 'Unknown sort',
  invalid_params: 'Invalid parameters',
  invalid_characters: 'The text holds characters that are not allowed',
  rate_limited: 'Too many requests. Try again later.',
  general_error: 'Something went wrong, please try again',
  unavailable: 'The service is restarting, please try again',
};

export function failure(
  code: ErrorCode,
  extra: { field?: string; info?: Record<string, string | number> } = {},
): ApiFailure {
  return { error: ERROR_MESSAGES[code], code, ...extra };
}

/** A failure raised anywhere below a route; the error handler turns it into its JSON body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly info: Record<string, string | number> | undefined;
  readonly codes: { field: string; code: ErrorCode }[] | undefined;

  constructor(
    code: ErrorCode,
    opts: {
      field?: string;
      info?: Record<string, string | number>;
      status?: number;
      /** A form's failures, one per field; the first is `code`/`field`. */
      codes?: { field: string; code: ErrorCode }[];
    } = {},
  ) {
    super(ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.code = code;
    this.status = opts.status ?? statusForCode(code);
    this.field = opts.field;
    this.info = opts.info;
    this.codes = opts.codes;
  }

  /** Several field failures of one form as one error (SPEC.md §7: `codes`). */
  static form(errors: { field: string; code: ErrorCode }[]): AppError {
    const [first] = errors;
    if (!first) throw new Error('AppError.form needs at least one failure');
    return new AppError(first.code, { field: first.field, codes: errors });
  }

  /** For plugins (rate-limit) that read the status from `statusCode`. */
  get statusCode(): number {
    return this.status;
  }

  toJSON(): ApiFailure {
    const body: ApiFailure = { error: this.message, code: this.code };
    if (this.field) body.field = this.field;
    if (this.info) body.info = this.info;
    if (this.codes) body.codes = this.codes;
    return body;
  }
}

export function isApiFailure(value: unknown): value is ApiFailure {
  return typeof value === 'object' && value !== null && 'error' in value;
}
