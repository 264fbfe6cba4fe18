import { isRouteErrorResponse } from 'react-router';

// Serialisation of the state the server hands to the browser inside the page.

export const GLOBALS_KEY = '__AFTERGLOW__';

/** JSON safe to place inside a <script> element. */
export function scriptJson(value: unknown): string {
  // One pass over the page's data (tens of KB on a listing), not one per character escaped.
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => SCRIPT_ESCAPES[c] ?? c);
}

const UNSAFE_IN_SCRIPT = /[<\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** Route errors in the form React Router's browser router reads back on hydration. */
export function serializeRouteErrors(
  errors: Record<string, unknown> | null,
): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [id, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) {
      out[id] = { ...error, __type: 'RouteErrorResponse' };
    } else if (isStatusError(error)) {
      // API failures (ApiError) travel as route error responses so the browser renders the
      // same error screen the server did.
      out[id] = {
        status: error.status,
        statusText: error.code,
        data: { code: error.code },
        internal: false,
        __type: 'RouteErrorResponse',
      };
    } else if (error instanceof Error) {
      out[id] = { message: error.message, __type: 'Error' };
    } else {
      out[id] = error;
    }
  }
  return out;
}

function isStatusError(error: unknown): error is { status: number; code: string } {
  return (
    error instanceof Error &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
