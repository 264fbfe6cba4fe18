import type { FastifyInstance } from 'fastify';
import { AppError } from '../../contracts/errors.ts';
import { appealsPageSchema, successSchema } from '../../contracts/moderation.schema.ts';
import { actorOf, consolePage, idParam } from '../kernel/http/console-params.ts';
import { describe } from '../kernel/http/openapi.ts';
import type { AppealsService } from './appeals.service.ts';

// Appeals of removals and strikes in the console (decision 0049). Staff only, private.

export function appealsRoutes(appeals: AppealsService) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.get<{ Querystring: { page?: unknown } }>(
      '/api/admin/appeals',
      {
        schema: describe({
          summary: 'Open appeals of removals and strikes',
          tags: ['staff'],
          description:
            'The longest waiting first, 50 a page. Staff with `disable:video:any`. (Appeals of rejected uploads are in the review queue.)',
          querystring: { page: { description: 'Page, from 1' } },
          response: appealsPageSchema,
          failures: [401, 403],
        }),
      },
      async (request) => appeals.list(request.viewer, consolePage(request.query.page)),
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> | undefined }>(
      '/api/admin/appeals/:id',
      {
        bodyLimit: 16_384,
        schema: {
          ...describe({
            summary: 'Uphold or reverse an appeal',
            tags: ['staff'],
            description:
              '`decision=uphold|reverse` and an optional `note`. Reversing a removal restores the takedown and revokes its strike; reversing a strike revokes it. Only a staff member other than the one who decided (`no_permission`, `info.reason = own_decision`). `not_found` when the appeal is not open.',
            params: { id: 'The statement of reasons appealed' },
            response: successSchema,
            failures: [401, 403],
          }),
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: {
            type: 'object',
            properties: {
              decision: { type: 'string', description: 'uphold or reverse' },
              note: { type: 'string', description: 'For the record' },
            },
          },
        },
      },
      async (request) => {
        const { decision = '', note = '' } = request.body ?? {};
        if (typeof decision !== 'string' || typeof note !== 'string') {
          throw new AppError('invalid_params');
        }
        return appeals.decide(actorOf(request), idParam(request.params.id), {
          decision,
          note: note.trim(),
        });
      },
    );
  };
}
