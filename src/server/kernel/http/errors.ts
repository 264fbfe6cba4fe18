import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type ErrorCode, failure } from '../../../contracts/errors.ts';
import { ZodError } from '../../../contracts/zod.ts';

// One place that turns every failure into the `{ error, code, field? }` body of SPEC.md §8.
// Bad input never answers 500: Fastify's own 4xx errors and zod failures map to codes, and
// only a genuine fault is logged and answered as `general_error`.

/**
 * busboy's errors (a form without a boundary, cut mid-part, with a broken header) carry no
 * status; they are the client's, never a fault of ours (api/multipart-form.ts reads forms
 * and turns them into failures; this keeps any other reader from answering 500).
 */
const MALFORMED_MULTIPART =
  /^(Multipart: |Unexpected end of (multipart data|form)|Malformed part header)|terminated early/;

function codeForFastifyError(error: FastifyError): { code: ErrorCode; status: number } {
  if (error.statusCode === undefined && MALFORMED_MULTIPART.test(error.message)) {
    return { code: 'bad_request', status: 400 };
  }
  const status = error.statusCode ?? 500;
  if (status === 413) return { code: 'file_too_large', status };
  if (status === 415) return { code: 'bad_request', status };
  if (status === 429) return { code: 'rate_limited', status };
  if (status === 404) return { code: 'not_found', status };
  if (status >= 400 && status < 500) return { code: 'bad_request', status };
  return { code: 'general_error', status: 500 };
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
      if (error instanceof AppError) {
        return reply.code(error.status).header('cache-control', 'no-store').send(error.toJSON());
      }
      if (error instanceof ZodError) {
        const field = error.issues[0]?.path.join('.') || undefined;
        return reply
          .code(400)
          .header('cache-control', 'no-store')
          .send(failure('invalid_params', field ? { field } : {}));
      }
      const { code, status } = codeForFastifyError(error);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: error.code, message: error.message }, 'bad request');
      return reply.code(status).header('cache-control', 'no-store').send(failure(code));
    });
  },
  { name: 'errors' },
);

/** A page (not an API call) whose address cannot be read: no script, nothing to render. */
const BAD_URL_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Bad request</title></head><body><h1>Bad request</h1><p>This address cannot be read. <a href="/">Go to the main page</a></p></body></html>`;

/**
 * Fastify's `frameworkErrors`: failures found while routing, before any hook runs. A path
 * whose percent-escapes are not UTF-8 (`/videos/%FF/`) answers `invalid_characters` like
 * every other hostile input (decision 0026); a path parameter over the router's length,
 * `bad_request`. Pages get a plain HTML page in the same status.
 */
export function frameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const badUrl = error.code === 'FST_ERR_BAD_URL';
  const status = badUrl ? 400 : error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 500;
  if (status === 500) request.log.error({ err: error }, 'routing failed');
  reply.code(status).header('cache-control', 'no-store');
  if (!request.url.startsWith('/api/') && status < 500) {
    // The security plugin's headers are not set this early: this page needs none but these.
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'")
      .header('x-content-type-options', 'nosniff')
      .send(BAD_URL_PAGE);
  }
  const code: ErrorCode = badUrl
    ? 'invalid_characters'
    : status < 500
      ? 'bad_request'
      : 'general_error';
  return reply.send(failure(code, badUrl ? { field: 'path' } : {}));
}
