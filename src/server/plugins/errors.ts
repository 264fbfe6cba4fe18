import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type ErrorCode, failure } from '../../contracts/errors.ts';
import { ZodError } from '../../contracts/zod.ts';

// One place that turns every failure into the `{ error, code, field? }` body of SPEC.md §8.
// Bad input never answers 500: Fastify's own 4xx errors and zod failures map to codes, and
// only a genuine fault is logged and answered as `general_error`.

function codeForFastifyError(error: FastifyError): { code: ErrorCode; status: number } {
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
