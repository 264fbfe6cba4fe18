import { type ErrorCode, isApiFailure } from '../../../contracts/errors.ts';
import { isApiError } from '../../api/client.ts';
import type { TFunction } from '../../i18n/i18n.ts';
import { errorText } from '../../lib/errors.ts';

// Why an upload stopped, whichever way the answer came (docs/decisions/0034): a tus request
// (tus-js-client's error carries the server's answer, or none when the connection failed),
// a video_edit.php call (an ApiError), or the processing after the form (video_status.php).
// A refusal keeps the server's code (SPEC.md §8), so the member reads why the file was
// refused; only a request that got no answer at all is a network failure.

export interface UploadFailure {
  code: ErrorCode;
  info?: Record<string, string | number>;
  /** No answer came back: the connection failed, not the server. */
  network?: true;
  /** The same request may work again (connection, server hiccup); else the file must change. */
  retry: boolean;
}

/** Codes of a passing trouble: asking again is worth it. */
const PASSING: ReadonlySet<string> = new Set<ErrorCode>([
  'general_error',
  'unavailable',
  'rate_limited',
  'video_upload_error',
]);

const NETWORK: UploadFailure = {
  code: 'video_upload_error',
  info: { code: 'network' },
  network: true,
  retry: true,
};

/** The failure an answer names: its JSON refusal, else what its status says. */
export function answerFailure(status: number, body: unknown): UploadFailure {
  if (isApiFailure(body) && typeof body.code === 'string') {
    const failure: UploadFailure = { code: body.code, retry: PASSING.has(body.code) };
    if (body.info) failure.info = body.info;
    if (body.code === 'video_upload_error' && failure.info?.code === undefined) {
      failure.info = { ...failure.info, code: status };
    }
    return failure;
  }
  // A plain answer (tus's own text, a proxy's page): what the status says.
  switch (status) {
    case 401:
      return { code: 'need_auth', retry: false };
    case 403:
      return { code: 'no_permission', retry: false };
    case 404:
    case 410:
      return { code: 'not_found', retry: false };
    case 413:
      return { code: 'video_size_limit', retry: false };
    case 429:
      return { code: 'rate_limited', retry: true };
    default:
      return { code: 'video_upload_error', info: { code: status }, retry: status >= 500 };
  }
}

interface TusResponse {
  getStatus(): number;
  getBody(): string;
}

/** A failed tus request (tus-js-client's DetailedError): the server's answer, or none. */
export function tusFailure(error: unknown): UploadFailure {
  const response =
    typeof error === 'object' && error !== null
      ? (error as { originalResponse?: TusResponse | null }).originalResponse
      : undefined;
  if (!response) return NETWORK;
  let body: unknown;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    body = undefined;
  }
  const failure = answerFailure(response.getStatus(), body);
  // The upload is gone from the server (swept, dropped): resuming makes tus start a new one.
  if (failure.code === 'not_found') failure.retry = true;
  return failure;
}

/** A failed video_edit.php call: its refusal, or a network failure when nothing came back. */
export function callFailure(error: unknown): UploadFailure {
  if (!isApiError(error) || error.status === 0) return NETWORK;
  const failure: UploadFailure = { code: error.code, retry: PASSING.has(error.code) };
  if (error.info) failure.info = error.info;
  if (error.code === 'video_upload_error' && failure.info?.code === undefined) {
    failure.info = { ...failure.info, code: error.status };
  }
  return failure;
}

/** The member's-language text of a failure: the SPEC.md §8 message of its code. */
export function failureText(t: TFunction, failure: UploadFailure): string {
  if (failure.network) return t('upload.networkFailed');
  switch (failure.code) {
    case 'rate_limited':
      // The pending uploads limit names its number; the hourly one does not.
      return failure.info?.max === undefined
        ? errorText(t, 'rate_limited')
        : t('upload.tooManyPending', failure.info);
    case 'not_found':
      return t('upload.uploadGone');
    default:
      return errorText(t, failure.code, failure.info);
  }
}
