import { type ApiFailure, type ErrorCode, isApiFailure } from '../../contracts/errors.ts';

// The web app reads data through this one interface: in the browser it fetches the JSON API,
// on the server the same paths are answered in-process (src/server/ssr/inject-api.ts).

export interface ApiClient {
  get<T>(path: string, init?: { signal?: AbortSignal }): Promise<T>;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly info: Record<string, string | number> | undefined;
  readonly codes: { field: string; code: ErrorCode }[];

  constructor(status: number, body: ApiFailure) {
    super(body.error);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.field = body.field;
    this.info = body.info;
    this.codes = body.codes ?? (body.field ? [{ field: body.field, code: body.code }] : []);
  }
}

/**
 * True for an ApiError, also one made by another copy of this module: on the server the API
 * client is the server's module while routes run from the SSR bundle, so `instanceof`
 * alone would miss it.
 */
export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError ||
    (error instanceof Error &&
      error.name === 'ApiError' &&
      typeof (error as Partial<ApiError>).status === 'number')
  );
}

/** Clients treat any body with `error` as a failure, whatever the status (API-CONTRACT.md). */
export function parseApiResponse<T>(status: number, body: unknown): T {
  if (isApiFailure(body)) throw new ApiError(status, body);
  if (status >= 400) throw new ApiError(status, { error: 'Request failed', code: 'general_error' });
  return body as T;
}

export function createFetchClient(base = ''): ApiClient {
  return {
    async get<T>(path: string, init: { signal?: AbortSignal } = {}): Promise<T> {
      const response = await fetch(base + path, {
        headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        credentials: 'same-origin',
        signal: init.signal ?? null,
      });
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      return parseApiResponse<T>(response.status, body);
    },
  };
}

let csrfToken = '';

/** The session's CSRF token from the page constants; every POST of a member carries it. */
export function setCsrfToken(token: string): void {
  csrfToken = token;
}

/** What every POST of the browser sends along: JSON wanted, not a plain form, the CSRF token. */
function postHeaders(csrf: string): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-requested-with': 'XMLHttpRequest',
  };
  if (csrf) headers['x-csrf-token'] = csrf;
  return headers;
}

const networkError = () => new ApiError(0, { error: 'Network error', code: 'general_error' });

/** The answer of a POST: the JSON body, or an ApiError of its refusal. */
function answerOf<T>(status: number, text: string): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return parseApiResponse<T>(status, parsed);
}

async function post<T>(path: string, body: URLSearchParams | FormData): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: postHeaders(csrfToken),
      body,
      credentials: 'same-origin',
    });
  } catch {
    throw networkError();
  }
  return answerOf<T>(response.status, await response.text().catch(() => ''));
}

/** A form POST to the API (SPEC.md §7 calls like login.php, input.php) from the browser. */
export function postForm<T>(path: string, fields: Record<string, string>): Promise<T> {
  return post<T>(path, new URLSearchParams(fields));
}

/**
 * A multipart POST (a form with a file, SPEC.md §7 `report.php`) from the browser. The
 * browser writes the boundary itself; the session's CSRF token goes with it as with forms.
 */
export function postMultipart<T>(path: string, body: FormData): Promise<T> {
  return post<T>(path, body);
}

/**
 * A multipart POST that reports how much of it has gone up (0 to 1): XMLHttpRequest is the
 * one browser API with upload progress (pictures of the profile and albums).
 */
export function postMultipartWithProgress<T>(
  path: string,
  body: FormData,
  onProgress: (sent: number) => void,
  csrf = csrfToken,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    for (const [name, value] of Object.entries(postHeaders(csrf))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      try {
        resolve(answerOf<T>(xhr.status, xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(body);
  });
}
