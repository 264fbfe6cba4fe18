import type { FastifyInstance } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import { consoleMembersSchema, successSchema } from '../../contracts/moderation.schema.ts';
import { actorOf, consolePage, consoleQuery, idParam } from '../kernel/http/console-params.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { PeopleService } from './people.service.ts';

// Members in the console (decision 0043): the list for staff, the trusted mark for
// administrators. A changed mark takes effect on the member's next request.

export function peopleRoutes(people: PeopleService) {
  return async (app: FastifyInstance) => {
    app.get<{ Querystring: { page?: unknown; q?: unknown } }>(
      '/api/admin/members',
      {
        schema: describe({
          summary: 'Members, for staff',
          tags: ['staff'],
          description:
            'Newest first, 50 a page; `q` is the start of a username or an email address. Staff with `read:member:any`.',
          querystring: {
            page: { description: 'Page, from 1' },
            q: { description: 'Start of a username or email' },
          },
          response: consoleMembersSchema,
          failures: [401, 403],
        }),
      },
      async (request) =>
        people.list(request.viewer, {
          page: consolePage(request.query.page),
          q: consoleQuery(request.query.q),
        }),
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
      '/api/admin/members/:id/trusted',
      {
        bodyLimit: 1024,
        schema: {
          ...describe({
            summary: 'Mark or unmark a trusted uploader',
            tags: ['staff'],
            description:
              'Form `trusted=1` lets the member’s uploads skip the review queue, `trusted=0` takes that back. Administrators only (`update:member:any`); written to the audit log. Needs the session’s `x-csrf-token`.',
            params: { id: 'Member id' },
            response: successSchema,
            failures: [401, 403],
          }),
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: {
            type: 'object',
            properties: { trusted: { type: 'string', description: '1 or 0' } },
          },
        },
      },
      async (request) => {
        const id = idParam(request.params.id);
        const value = request.body?.trusted;
        if (value !== '1' && value !== '0') {
          throw AppError.form([{ field: 'trusted', code: 'invalid_params' }]);
        }
        const done = await people.setTrusted(actorOf(request), id, value === '1');
        app.sessions.forget(id);
        return done;
      },
    );
  };
}
