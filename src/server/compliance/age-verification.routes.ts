import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  ageCheckPassSchema,
  ageCheckPendingSchema,
  ageCheckStatusSchema,
} from '../../contracts/age-check.schema.ts';
import { AppError } from '../../contracts/errors.ts';
import { z } from '../../contracts/zod.ts';
import { readMultipartForm } from '../kernel/http/multipart-form.ts';
import { describe } from '../kernel/http/openapi.ts';
import { AGE_PHOTO_MAX_BYTES } from './age-photo.ts';
import type { AgeVerificationService } from './age-verification.service.ts';

// `POST multipart /api/age_verification.php: file` (SPEC.md §7): the UK gate's photo check
// (SPEC.md §4), its status, and the HTTP verifier's webhook (decision 0054). Members only
// for the first two; the photo is read into memory, screened and handed to the provider.

/** Attempts a member may make in an hour: every check may cost a provider's fee. */
export const AGE_CHECKS_PER_HOUR = 5;
/** Status calls a member may make in an hour: the gate asks every few seconds while pending. */
const STATUS_CALLS_PER_HOUR = 1200;
/** Webhook calls from anywhere in a minute: only signed ones do anything. */
const WEBHOOK_CALLS_PER_MINUTE = 600;

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
    const submit = describe({
      summary: 'Verify the member’s age from a photo (UK age gate)',
      tags: ['members'],
      description: [
        'Needs a session (401 `need_auth`) and its `x-csrf-token`; 5 attempts an hour per member (429 `rate_limited`).',
        'Multipart form with one `file`: a JPEG, PNG or WebP photo of at most 10 MB.',
        'A pass answers 200 `success: 1` and marks the member `age_verified`. When the provider has not decided yet (a moderator reviews the photo, or the verifier answers later) it answers **202** `{success: 0, pending: 1, state: "pending", status_url}`: GET `status_url` until `state` is `passed` or `failed`. A member already verified gets `success: 1`; one with a check pending gets the 202 again and the new photo is not kept.',
        'Otherwise `file_invalid_type`, `file_too_large` or `age_verification_failed` with `field: "file"`, or 503 `unavailable` (`info.reason` `verifier_timeout`, `verifier_unreachable`, `verifier_error`) when the verifier cannot be reached.',
        'Once decided, only the result, the method and the time are kept: a photo waiting for review is deleted with the decision (or after AGE_REVIEW_DAYS), a photo sent to a verifier is not stored here at all.',
      ].join(' '),
      response: ageCheckPassSchema,
      failures: [401, 403, 429, 503],
    });
    const pending = z.toJSONSchema(ageCheckPendingSchema, { target: 'draft-2020-12' });
    delete pending.$schema;
    (submit.response as Record<number, unknown>)[202] = {
      description: 'Pending: the provider decides later',
      ...pending,
    };
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
          ...submit,
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
        const answer = await service.verify(viewer.userId, await readPhoto(request));
        if (answer.success === 0) reply.code(202);
        return answer;
      },
    );

    app.get(
      '/api/age_verification.php',
      {
        config: {
          rateLimit: {
            max: STATUS_CALLS_PER_HOUR,
            timeWindow: 3_600_000,
            keyGenerator: (request) => `age-status:${request.viewer?.userId ?? request.ip}`,
          },
        },
        schema: describe({
          summary: 'Where the member’s age check stands',
          tags: ['members'],
          description:
            'Needs a session (401 `need_auth`). `state`: `none` (never checked), `pending` (waiting for a moderator or the verifier: ask again in a few seconds), `passed` or `failed` (send another photo). A check pending at a verifier is asked about here at most every 5 s. Private, never cached.',
          response: ageCheckStatusSchema,
          failures: [401, 429],
        }),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const viewer = request.viewer;
        if (!viewer) throw new AppError('need_auth');
        return service.status(viewer.userId);
      },
    );

    // The webhook reads its body as bytes: the signature is over exactly what was sent.
    const webhook: FastifyPluginAsync = async (hook) => {
      hook.removeContentTypeParser('application/json');
      hook.addContentTypeParser(
        'application/json',
        { parseAs: 'buffer', bodyLimit: 65_536 },
        (_request, body, done) => done(null, body),
      );
      hook.post(
        '/api/age_verification/webhook',
        {
          config: {
            rateLimit: { max: WEBHOOK_CALLS_PER_MINUTE, timeWindow: 60_000 },
          },
          schema: {
            ...describe({
              summary: 'The age verifier’s decision webhook (AGE_VERIFIER=http)',
              tags: ['members'],
              description:
                'Called by the verifier, not by browsers: JSON signed with the shared secret (`X-HMAC-SIGNATURE`, hex HMAC-SHA256 of the body) and the API key in `X-AUTH-CLIENT`. A decision (`verification.status` approved, declined, resubmission_requested, expired, abandoned) decides the pending check of that session; an event (started, submitted) changes nothing. Unsigned or wrongly signed: 403 `no_permission`. 404 `not_found` when the site uses another provider.',
              response: ageCheckPassSchema,
              failures: [403],
            }),
            consumes: ['application/json'],
          },
        },
        async (request, reply) => {
          reply.header('cache-control', 'no-store');
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          return service.notice(body, request.headers);
        },
      );
    };
    await app.register(webhook);
  };
}
