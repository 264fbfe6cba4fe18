import type { FastifyInstance } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import { myDecisionsSchema } from '../../contracts/my-decisions.schema.ts';
import { appealAnswerSchema, myUploadsSchema } from '../../contracts/my-uploads.schema.ts';
import { parseId } from '../../contracts/paths.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { MyDecisionsService } from './my-decisions.service.ts';
import type { MyUploadsService } from './my-uploads.service.ts';

// The member's side of moderation (decision 0045): their uploads with each one's state and
// statement of reasons, and the appeal of a rejection. The member's own and private
// (`no-store`); visitors get `need_auth`.

const MAX_PAGE = 10_000;
const APPEALS = { max: 30, timeWindow: 60 * 60_000 };

function pageValue(value: unknown): number {
  if (value === undefined || value === '') return 1;
  const page = typeof value === 'string' ? parseId(value) : undefined;
  if (page === undefined || page > MAX_PAGE) {
    throw new AppError('invalid_params', { field: 'page' });
  }
  return page;
}

export function myUploadsRoutes(myUploads: MyUploadsService, myDecisions: MyDecisionsService) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get<{ Querystring: { page?: unknown } }>(
      '/api/my_uploads.php',
      {
        schema: describe({
          summary: "The signed-in member's uploads, in every state",
          tags: ['members'],
          description:
            'Newest first, 24 a page, every state but deleted: processing, review (waiting for a moderator), active (published, with its page), rejected, error, disabled, removed. A rejected or removed upload carries its latest statement of reasons (and whether it can still be appealed), as does one back in review on appeal. Thumbnails are signed for the member.',
          querystring: { page: { description: 'Page, from 1' } },
          response: myUploadsSchema,
          failures: [401],
        }),
      },
      async (request) => myUploads.list(request.viewer, pageValue(request.query.page)),
    );

    app.get<{ Querystring: { page?: unknown } }>(
      '/api/my_decisions.php',
      {
        schema: describe({
          summary: "The signed-in member's moderation decisions besides their videos'",
          tags: ['members'],
          description:
            'Newest first, 20 a page: every statement of reasons about the member that is not about one of their videos (those are in `my_uploads.php`): removed comments, playlists and albums (with the comment’s opening words or the title, and the page while restored), all their comments removed at once (`kind: comments`), strikes and bans. Each says whether it still holds and whether it can be appealed (`POST /api/appeal.php` with its `id`): not a ban, not a strike a DMCA notice earned (countered from the uploads tab), once per decision.',
          querystring: { page: { description: 'Page, from 1' } },
          response: myDecisionsSchema,
          failures: [401],
        }),
      },
      async (request) => myDecisions.list(request.viewer, pageValue(request.query.page)),
    );

    app.post<{ Body: Record<string, unknown> | undefined }>(
      '/api/appeal.php',
      {
        bodyLimit: 16_384,
        config: {
          rateLimit: {
            ...APPEALS,
            keyGenerator: (request) => `appeal:${request.viewer?.userId ?? request.ip}`,
          },
        },
        schema: {
          ...describe({
            summary: 'Appeal a rejection, a removal or a strike',
            tags: ['members'],
            description: [
              'Needs a session (401 `need_auth`) and its `x-csrf-token`.',
              'Form `statement_id` (a statement of reasons about the member) and `text` (1-2000 characters). A rejection of an upload goes back to the review queue (`state: review`); a removal or a strike waits in the console’s appeals for a staff member other than the one who decided (`state: appealed`, decision 0049).',
              '30 an hour per member. Field failures carry `codes` (`required`, `max_length`). An unknown statement or a video deleted since answers `not_found`; another member’s statement, a ban (`info.reason = not_appealable`), a removal or a strike a DMCA notice made (countered instead, `dmca_counter_notice`), or a decision that no longer holds (restored, revoked, reviewed again or replaced by a later one: `not_in_force`) `no_permission`, as the lists’ `can_appeal` says; a decision appealed already (once per decision) `already_added`. A refusal changes nothing.',
            ].join(' '),
            response: appealAnswerSchema,
            failures: [401, 403, 429],
          }),
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: {
            type: 'object',
            properties: {
              statement_id: { type: 'string', description: 'The statement of reasons appealed' },
              text: {
                type: 'string',
                description: 'Why the decision is wrong, in the member’s words',
              },
            },
          },
        },
      },
      async (request) => myUploads.appeal(request.viewer, request.body ?? {}),
    );
  };
}
