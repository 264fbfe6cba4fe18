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

/** A form POST to the API (SPEC.md §7 calls like login.php, input.php) from the browser. */
export async function postForm<T>(path: string, fields: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    };
    if (csrfToken) headers['x-csrf-token'] = csrfToken;
    response = await fetch(path, {
      method: 'POST',
      headers,
      body: new URLSearchParams(fields),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, { error: 'Network error', code: 'general_error' });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return parseApiResponse<T>(response.status, body);
}

/**
 * A multipart POST (a form with a file, SPEC.md §7 `report.php`) from the browser. The
 * browser writes the boundary itself; the session's CSRF token goes with it as with forms.
 */
export async function postMultipart<T>(path: string, body: FormData): Promise<T> {
  let response: Response;
  try {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    };
    if (csrfToken) headers['x-csrf-token'] = csrfToken;
    response = await fetch(path, { method: 'POST', headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, { error: 'Network error', code: 'general_error' });
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    parsed = undefined;
  }
  return parseApiResponse<T>(response.status, parsed);
}
