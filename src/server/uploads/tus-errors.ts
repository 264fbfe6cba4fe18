import { type ApiFailure, failure, isApiFailure } from '../../contracts/errors.ts';
import { UPLOAD_RULES } from '../../contracts/upload.rules.ts';

// tus's own refusals (@tus/server answers plain text: "The file for this url was not
// found", "Maximum size exceeded"…) in the SPEC.md §8 shape every other answer has, so the
// upload screen can tell the member why (decision 0034). The status stays tus's: clients
// decide by it whether to retry (409, 423 and 5xx) or to start a new upload (404, 410).

export interface TusErrorAnswer {
  status_code: number;
  body: string;
}

export function tusErrorAnswer(error: unknown): TusErrorAnswer {
  const raw = typeof error === 'object' && error !== null ? (error as Partial<TusErrorAnswer>) : {};
  const status =
    typeof raw.status_code === 'number' && raw.status_code >= 400 && raw.status_code <= 599
      ? raw.status_code
      : 500;
  if (typeof raw.body === 'string') {
    // Already ours (a refusal thrown by a hook of the upload routes).
    try {
      const parsed: unknown = JSON.parse(raw.body);
      if (isApiFailure(parsed)) return { status_code: status, body: raw.body };
    } catch {
      // tus's text
    }
  }
  let body: ApiFailure;
  if (status === 404 || status === 410) {
    body = failure('not_found', { field: 'file' });
  } else if (status === 413) {
    body = failure('video_size_limit', { field: 'file', info: { max: UPLOAD_RULES.maxBytes } });
  } else if (status >= 500) {
    body = failure('video_upload_error', { field: 'file', info: { code: status } });
  } else {
    body = failure('bad_request', { field: 'file' });
  }
  return { status_code: status, body: JSON.stringify(body) };
}
