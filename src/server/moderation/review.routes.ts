import type { FastifyInstance } from 'fastify';
import {
  decisionAnswerSchema,
  reviewItemSchema,
  reviewQueueSchema,
} from '../../contracts/moderation.schema.ts';
import { actorOf, consolePage, consoleQuery, idParam } from '../kernel/http/console-params.ts';
import { describe } from '../kernel/http/openapi.ts';
import { parseDecision, type ReviewService } from './review.service.ts';

// The review queue's calls (decision 0043): staff only (`review:video:any`), private.

export function reviewRoutes(reviews: ReviewService) {
  return async (app: FastifyInstance) => {
    app.get<{ Querystring: { page?: unknown; q?: unknown } }>(
      '/api/admin/review',
      {
        schema: describe({
          summary: 'The review queue',
          tags: ['staff'],
          description:
            'Uploads waiting for a moderator, oldest first, 50 a page; `q` searches titles and uploaders. Staff with `review:video:any`.',
          querystring: {
            page: { description: 'Page, from 1' },
            q: { description: 'Part of a title or an uploader’s name' },
          },
          response: reviewQueueSchema,
          failures: [401, 403],
        }),
      },
      async (request) =>
        reviews.queue(request.viewer, {
          page: consolePage(request.query.page),
          q: consoleQuery(request.query.q),
        }),
    );

    app.get<{ Params: { id: string } }>(
      '/api/admin/review/:id',
      {
        schema: describe({
          summary: 'One upload to review',
          tags: ['staff'],
          description:
            'The video with its media signed for staff (player, contact sheet, screenshots), the uploader’s history, near-duplicates, earlier decisions and its place in the queue.',
          params: { id: 'Video id' },
          response: reviewItemSchema,
          failures: [401, 403],
        }),
      },
      async (request) => reviews.item(request.viewer, idParam(request.params.id)),
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
      '/api/admin/review/:id',
      {
        bodyLimit: 16_384,
        schema: {
          ...describe({
            summary: 'Approve or reject an upload',
            tags: ['staff'],
            description:
              'Form `decision=approve` publishes it; `decision=reject` with `reason` (one of the moderation reasons) and `note` (required for `other`) rejects it and tells the member. Answers the next video waiting. `not_found` with `info.state` when it is no longer waiting. Needs the session’s `x-csrf-token`.',
            params: { id: 'Video id' },
            response: decisionAnswerSchema,
            failures: [401, 403],
          }),
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: {
            type: 'object',
            properties: {
              decision: { type: 'string', enum: ['approve', 'reject'] },
              reason: { type: 'string', description: 'Why, for reject' },
              note: { type: 'string', description: 'The moderator’s note to the member' },
            },
          },
        },
      },
      async (request) => {
        const id = idParam(request.params.id);
        const actor = actorOf(request);
        return reviews.decide(actor, id, parseDecision(request.body ?? {}));
      },
    );
  };
}
