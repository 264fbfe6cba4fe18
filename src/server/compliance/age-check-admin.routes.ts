import type { FastifyInstance } from 'fastify';
import { ageCheckDecisionSchema, ageCheckQueueSchema } from '../../contracts/age-check.schema.ts';
import { z } from '../../contracts/zod.ts';
import { actorOf, consolePage, idParam } from '../kernel/http/console-params.ts';
import { describe } from '../kernel/http/openapi.ts';
import { type AgeVerificationService, parseAgeDecision } from './age-verification.service.ts';

// The console's age-check queue (decision 0054): staff with `review:member:any` see the
// photos waiting, one at a time, and approve or reject them. Private; the photo is never
// cached anywhere and is gone the moment the check is decided.

export function ageCheckAdminRoutes(service: AgeVerificationService) {
  return async (app: FastifyInstance) => {
    app.get<{ Querystring: { page?: unknown } }>(
      '/api/admin/age-checks',
      {
        schema: describe({
          summary: 'UK age checks waiting for a moderator',
          tags: ['staff'],
          description:
            'Photos of members’ age checks (AGE_VERIFIER=staff), oldest first, 50 a page. Staff with `review:member:any`.',
          querystring: { page: { description: 'Page, from 1' } },
          response: ageCheckQueueSchema,
          failures: [401, 403],
        }),
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.queue(request.viewer, consolePage(request.query.page));
      },
    );

    app.get<{ Params: { id: string } }>(
      '/api/admin/age-checks/:id/photo',
      {
        schema: describe({
          summary: 'The photo of an age check waiting for a moderator',
          tags: ['staff'],
          description:
            'JPEG, re-encoded without metadata when it was sent; `cache-control: no-store`. 404 once the check is decided: the file is deleted then.',
          params: { id: 'Age check id' },
          response: z.string().describe('image/jpeg bytes'),
          failures: [401, 403],
        }),
      },
      async (request, reply) => {
        const image = await service.photo(request.viewer, idParam(request.params.id));
        return reply
          .type('image/jpeg')
          .header('cache-control', 'private, no-store')
          .header('content-disposition', 'inline')
          .send(image);
      },
    );

    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>(
      '/api/admin/age-checks/:id',
      {
        bodyLimit: 4096,
        schema: {
          ...describe({
            summary: 'Approve or reject an age check',
            tags: ['staff'],
            description:
              'Form `decision=approve` marks the member age-verified; `decision=reject` fails the check (the member may send another photo). Either way the photo is deleted at once and only the result, the method and the time stay; the act is written to the audit log. Answers the next check waiting. `not_found` with `info.state` when it is no longer waiting. Needs the session’s `x-csrf-token`.',
            params: { id: 'Age check id' },
            response: ageCheckDecisionSchema,
            failures: [401, 403],
          }),
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          body: {
            type: 'object',
            properties: { decision: { type: 'string', enum: ['approve', 'reject'] } },
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const id = idParam(request.params.id);
        const actor = actorOf(request);
        return service.decide(actor, id, parseAgeDecision(request.body ?? {}));
      },
    );
  };
}
