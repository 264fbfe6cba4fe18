import type { FastifyInstance } from 'fastify';
import type { TestSession } from './session.ts';

/**
 * A GET and a form POST on the app, as a signed-in session (its cookie and CSRF header) or,
 * without one, as a visitor. `app` is read at call time: tests build the app in beforeAll.
 */
export function requests(app: () => FastifyInstance) {
  return {
    get: (url: string, session?: TestSession) =>
      app().inject({ method: 'GET', url, headers: session?.headers ?? {} }),
    post: (url: string, fields: Record<string, string>, session?: TestSession) =>
      app().inject({
        method: 'POST',
        url,
        headers: {
          ...(session?.headers ?? {}),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams(fields).toString(),
      }),
  };
}
