import type { FastifyInstance } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import {
  successSchema,
  takedownAnswerSchema,
  takedownsPageSchema,
} from '../../contracts/moderation.schema.ts';
import { actorOf, consolePage, consoleQuery, idParam } from '../kernel/http/console-params.ts';
import { describe, formBody } from '../kernel/http/openapi.ts';
import { parseTakedown, type TakedownService } from './takedown.service.ts';

// Takedowns in the console (issue 16, decision 0043): staff only, private.

export function takedownRoutes(takedowns: TakedownService) {
  return async (app: FastifyInstance) => {
    app.get<{ Querystring: { page?: unknown; in_force?: unknown; q?: unknown } }>(
      '/api/admin/takedowns',
      {
        schema: describe({
          summary: 'Takedowns',
          tags: ['staff'],
          description:
            'Newest first, 50 a page; `in_force=1` leaves out the restored ones; `q` finds part of the title of the video, playlist or album, of a removed comment’s text, of the note, or of the staff member’s name (any case). Staff with `disable:video:any`.',
          querystring: {
            page: { description: 'Page, from 1' },
            in_force: { description: '1: only takedowns in force' },
            q: { description: 'Search text, up to 100 characters' },
          },
          response: takedownsPageSchema,
          failures: [401, 403],
        }),
      },
      async (request) =>
        takedowns.list(request.viewer, {
          page: consolePage(request.query.page),
          inForce: request.query.in_force === '1',
          q: consoleQuery(request.query.q),
        }),
    );

    app.post<{ Body: Record<string, unknown> }>(
      '/api/admin/takedowns',
      {
        bodyLimit: 16_384,
        schema: {
          ...describe({
            summary: 'Take a video, comment, playlist or album down',
            tags: ['staff'],
            description:
              'Form `object_type` (`video`, `comment`, `playlist` or `album`), `object_id`, `reason` (a moderation reason), `note` (required for `other`) and optionally `report_id`: the object leaves every listing, search, sitemap, cache and media link at once, its page says it was removed and why (a video still reads `status_id` 5, with `removed`), and its owner gets a statement of reasons. Permission: `disable:video:any`, `hide:comment:any`, `disable:playlist:any` or `disable:album:any`. `not_found` when there is no such object, `already_added` when a takedown is in force. Needs the session’s `x-csrf-token`.',
            response: takedownAnswerSchema,
            failures: [401, 403],
          }),
          ...formBody({
            object_type: 'video, comment, playlist or album',
            object_id: 'Its id',
            reason: 'One of the moderation reasons',
            note: 'For the member and the record',
            report_id: 'The report that led to it',
          }),
        },
      },
      async (request) => takedowns.takeDown(actorOf(request), parseTakedown(request.body ?? {})),
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
      '/api/admin/takedowns/:id/restore',
      {
        bodyLimit: 16_384,
        schema: {
          ...describe({
            summary: 'Restore what a takedown removed',
            tags: ['staff'],
            description:
              'Puts the object back in the state it had, with an optional `note` for the record. `not_found` when that takedown is not in force.',
            params: { id: 'Takedown id' },
            response: successSchema,
            failures: [401, 403],
          }),
          ...formBody({ note: 'Why, for the record' }),
        },
      },
      async (request) => {
        const note = request.body?.note ?? '';
        if (typeof note !== 'string')
          throw AppError.form([{ field: 'note', code: 'invalid_params' }]);
        return takedowns.restore(actorOf(request), idParam(request.params.id), note.trim());
      },
    );
  };
}
