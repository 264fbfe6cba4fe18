import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import { z } from '../../contracts/zod.ts';
import { readMultipartForm } from '../kernel/http/multipart-form.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { AgeVerificationService } from './age-verification.service.ts';
import { AGE_PHOTO_MAX_BYTES } from './age-verifier.ts';

// `POST multipart /api/age_verification.php: file` (SPEC.md §7): the UK gate's photo check
// (SPEC.md §4). Members only; the photo is read into memory, judged and dropped.

/** Attempts a member may make in an hour: every check may cost a provider's fee. */
export const AGE_CHECKS_PER_HOUR = 5;

const answerSchema = z.object({ success: z.literal(1) });

/** The one `file` part of the form, in memory (@fastify/multipart never writes it to disk). */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('required', { field: 'file' });
  const { files } = await readMultipartForm(request, {
    files: ['file'],
    maxFileBytes: AGE_PHOTO_MAX_BYTES,
    tooLarge: (field) => new AppError('file_too_large', { field }),
  });
  if (!files.file) throw new AppError('required', { field: 'file' });
  return files.file;
}

export function ageVerificationRoutes(service: AgeVerificationService) {
  return async (app: FastifyInstance) => {
    app.post(
      '/api/age_verification.php',
      {
        config: {
          rateLimit: {
            max: AGE_CHECKS_PER_HOUR,
            timeWindow: 3_600_000,
            keyGenerator: (request) => `age:${request.viewer?.userId ?? request.ip}`,
          },
        },
        schema: {
          ...describe({
            summary: 'Verify the member’s age from a photo (UK age gate)',
            tags: ['members'],
            description: [
              'Needs a session (401 `need_auth`) and its `x-csrf-token`; 5 attempts an hour per member (429 `rate_limited`).',
              'Multipart form with one `file`: a JPEG, PNG or WebP photo of at most 10 MB.',
              'Answers `success: 1` and marks the member `age_verified`; otherwise `file_invalid_type`, `file_too_large` or `age_verification_failed` with `field: "file"`.',
              'The photo is judged in memory and never stored.',
            ].join(' '),
            response: answerSchema,
            failures: [401, 403, 429],
          }),
          consumes: ['multipart/form-data'],
          body: {
            type: 'object',
            properties: { file: { type: 'string', format: 'binary', description: 'The photo' } },
            required: ['file'],
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const viewer = request.viewer;
        if (!viewer) throw new AppError('need_auth');
        return service.verify(viewer.userId, await readPhoto(request));
      },
    );
  };
}
