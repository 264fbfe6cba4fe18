import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { CAPTCHA_FIELD } from '../../contracts/captcha.ts';
import { isLanguage, LANGUAGE_COOKIE } from '../../contracts/constants.ts';
import { AppError } from '../../contracts/errors.ts';
import { REPORT_LIMITS, REPORT_OBJECTS, REPORT_SUBJECTS } from '../../contracts/report.rules.ts';
import { z } from '../../contracts/zod.ts';
import { readMultipartForm } from '../kernel/http/multipart-form.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { ReportService } from './report.service.ts';

// `POST multipart /api/report.php` (SPEC.md §7): the ContactUs modal and the Report entries
// of videos, comments and members. Anyone may send one, with a solved captcha; each is
// stored for the moderation inbox and mailed to the operator (decision 0031).

/** Reports per address (an IPv6 /64 counts as one) and hour, counted in the database. */
export const REPORTS_PER_HOUR = 10;

const answerSchema = z.object({ success: z.literal(1) });

const text = (description: string, extra: Record<string, unknown> = {}) => ({
  type: 'string',
  description,
  ...extra,
});

export function reportRoutes(service: ReportService) {
  const maxMb = REPORT_LIMITS.fileMaxBytes / 1024 / 1024;

  return async (app: FastifyInstance) => {
    app.post(
      '/api/report.php',
      {
        // Only multipart comes in; anything else is refused before it is read.
        bodyLimit: 16_384,
        config: {
          rateLimit: {
            max: REPORTS_PER_HOUR,
            timeWindow: 3_600_000,
            keyGenerator: (request) => `report:${normalizeIP(request.ip)}`,
          },
        },
        schema: {
          ...describe({
            summary: 'Send the contact form or report an object',
            tags: ['contact'],
            description: [
              'Multipart form; anyone may send it (a member also sends `x-csrf-token`).',
              `\`subject\` (${REPORT_SUBJECTS.join(', ')}), \`email\`, \`message\` (at most ${REPORT_LIMITS.messageMax} characters), \`captcha\` (a solved challenge of \`GET /api/captcha.php?action=contact\`, good once), optional \`referrer\` (the page it was sent from), \`object_type\` (${REPORT_OBJECTS.join(', ')}) with \`object_id\` for what is reported, and one optional image \`file\` (JPEG, PNG, WebP, GIF or AVIF by its content, up to ${maxMb} MB and 50 megapixels), kept re-encoded as WebP without metadata.`,
              'Failures carry `codes` per field: `required`, `email_invalid`, `max_length` (message), `invalid_params` (subject; object_id for an object that does not exist), `file_invalid_type`, `file_too_large` (413 over the size), `captcha_required`, `captcha_invalid` (wrong, expired, for another action or used before); a malformed form is `bad_request`.',
              `At most ${REPORTS_PER_HOUR} calls an hour per address (429 \`rate_limited\`). The report is stored and mailed to the site's contact address.`,
            ].join(' '),
            response: answerSchema,
            failures: [403, 413, 429],
          }),
          consumes: ['multipart/form-data'],
          body: {
            type: 'object',
            properties: {
              subject: text('What it is about', { enum: [...REPORT_SUBJECTS] }),
              email: text('Where to answer'),
              message: text(`The message, at most ${REPORT_LIMITS.messageMax} characters`),
              [CAPTCHA_FIELD]: text('The solved captcha (base64 JSON) of action `contact`'),
              referrer: text('The page the form was sent from (a path of this site)'),
              object_type: text('What is reported', { enum: [...REPORT_OBJECTS] }),
              object_id: text('The id of what is reported'),
              file: { type: 'string', format: 'binary', description: 'An image, optional' },
            },
            required: ['subject', 'email', 'message', CAPTCHA_FIELD],
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const form = await readMultipartForm(request, {
          files: ['file'],
          maxFileBytes: REPORT_LIMITS.fileMaxBytes,
          tooLarge: (field) =>
            new AppError('file_too_large', {
              field,
              codes: [{ field, code: 'file_too_large' }],
              info: { size: REPORT_LIMITS.fileMaxBytes },
              status: 413,
            }),
        });
        const lang = request.cookies[LANGUAGE_COOKIE];
        const viewer = request.viewer;
        await service.submit(
          { fields: form.fields, file: form.files.file },
          {
            ip: request.ip,
            userAgent: String(request.headers['user-agent'] ?? ''),
            lang: isLanguage(lang) ? lang : 'en',
            member: viewer ? { id: viewer.userId, username: viewer.username } : null,
          },
        );
        return { success: 1 as const };
      },
    );
  };
}
